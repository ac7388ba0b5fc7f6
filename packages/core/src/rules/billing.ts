import { TZDate } from '@date-fns/tz';
import { messages } from '../messages.js';

/*
 * Plans and credits (spec part 2 §3 'Plan table', §9 'Plans', 'Per-lookup prices', 'credits shown to
 * 2 decimals'). Money is counted in credit units: 1/10,000 of a dollar, so the cheapest price of the
 * spec ($0.0075, PRO's parcel look-up) is a whole number of units (75) and no sum ever rounds.
 */

export const PLAN_NAMES = ['BASIC', 'LITE', 'PRO'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];
export const DEFAULT_PLAN: PlanName = 'BASIC';

/** One dollar in credit units. */
export const UNITS_PER_DOLLAR = 10_000;

/** What a look-up of each kind costs, per plan (spec part 2 §9). */
export const LOOKUP_KINDS = ['lookup', 'emailLookup', 'skip', 'parcel'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

/** What each look-up is, as the Billing screen names it. */
export const LOOKUP_LABELS: Record<LookupKind, string> = {
  skip: 'Skip trace with alternate data, per hit',
  lookup: 'Phone look-up',
  emailLookup: 'E-mail look-up',
  parcel: 'Parcel data',
};

export type Plan = {
  name: PlanName;
  /** Subscription prices in whole dollars: per month, and per year paid at once. 0: free. */
  monthlyPrice: number;
  yearlyPrice: number;
  /** Texts a month, calls a month, users of the team; null: unlimited. */
  smsPerMonth: number | null;
  callsPerMonth: number | null;
  users: number | null;
  /** DNC import and export. */
  dnc: boolean;
  /** Price of one look-up of each kind, in credit units. */
  prices: Record<LookupKind, number>;
};

/**
 * The plan table. emailLookup is $0.04 on LITE and $0.005 on BASIC: the spec gives it so ("as
 * given"); it is kept as written rather than guessed at.
 */
export const PLANS: Record<PlanName, Plan> = {
  BASIC: {
    name: 'BASIC',
    monthlyPrice: 0,
    yearlyPrice: 0,
    smsPerMonth: 500,
    callsPerMonth: 250,
    users: 2,
    dnc: false,
    prices: { lookup: 60, emailLookup: 50, skip: 700, parcel: 150 },
  },
  LITE: {
    name: 'LITE',
    monthlyPrice: 19,
    yearlyPrice: 190,
    smsPerMonth: null,
    callsPerMonth: null,
    users: 5,
    dnc: true,
    prices: { lookup: 50, emailLookup: 400, skip: 600, parcel: 100 },
  },
  PRO: {
    name: 'PRO',
    monthlyPrice: 24,
    yearlyPrice: 240,
    smsPerMonth: null,
    callsPerMonth: null,
    users: null,
    dnc: true,
    prices: { lookup: 40, emailLookup: 30, skip: 500, parcel: 75 },
  },
};

/** A stored plan name read back; anything unknown counts as the free plan, never as a paid one. */
export function planOf(name: string | null | undefined): Plan {
  return (PLAN_NAMES as readonly string[]).includes(name ?? '')
    ? PLANS[name as PlanName]
    : PLANS[DEFAULT_PLAN];
}

/** Texts the plan still allows this month; null when it has no limit. */
export function smsLeft(plan: Plan, usedThisMonth: number): number | null {
  return plan.smsPerMonth === null ? null : Math.max(0, plan.smsPerMonth - usedThisMonth);
}

/** Whether `count` more texts fit in the plan's month after `usedThisMonth`. */
export function maySendSms(plan: Plan, usedThisMonth: number, count = 1): boolean {
  const left = smsLeft(plan, usedThisMonth);
  return left === null || count <= left;
}

/** Whether one more call fits in the plan's month after `usedThisMonth` calls (BASIC: 250). */
export function mayPlaceCall(plan: Plan, usedThisMonth: number): boolean {
  return plan.callsPerMonth === null || usedThisMonth < plan.callsPerMonth;
}

/** Why the dialler stopped: the plan's calls for the month are used up. */
export function callLimitMessage(plan: Plan): string {
  return messages.billing.callLimit.replace('{limit}', String(plan.callsPerMonth)) + upgradeHint(plan.name);
}

/** Whether a team of `members` users may add one more on this plan. */
export function mayAddUser(plan: Plan, members: number): boolean {
  return plan.users === null || members < plan.users;
}

/** The plans above this one: what an upgrade message offers. */
export function upgradesFrom(plan: PlanName): PlanName[] {
  return PLAN_NAMES.slice(PLAN_NAMES.indexOf(plan) + 1);
}

function upgradeHint(plan: PlanName): string {
  const names = upgradesFrom(plan);
  return names.length ? ` Upgrade to ${names.join(' or ')} in Settings > Billing.` : '';
}

/** Why a text is refused: the plan's month is used up. */
export function smsLimitMessage(plan: Plan): string {
  return messages.billing.smsLimit.replace('{limit}', String(plan.smsPerMonth)) + upgradeHint(plan.name);
}

/** Why a member cannot be added: the plan's users are all taken. */
export function userLimitMessage(plan: Plan): string {
  return (
    messages.billing.userLimit.replace('{plan}', plan.name).replace('{users}', String(plan.users)) +
    upgradeHint(plan.name)
  );
}

/** Why DNC import or export is refused on this plan. */
export function dncPlanMessage(plan: Plan): string {
  return messages.billing.dncNotInPlan.replace('{plan}', plan.name) + upgradeHint(plan.name);
}

/** One measure of this month's usage against the plan; `limit` null: unlimited. */
export type UsageMeter = { used: number; limit: number | null };

/** Share of the limit used, 0–100 (100 once reached or passed); null for unlimited. */
export function usagePercent({ used, limit }: UsageMeter): number | null {
  if (limit === null) return null;
  if (limit <= 0) return 100;
  return Math.min(100, Math.round((used / limit) * 100));
}

/**
 * The calendar month `now` falls in, in the team's time zone (UTC until one is set): its first
 * instant, the first instant of the next, and its 'YYYY-MM' name. Plan limits count inside it.
 */
export function monthWindow(now: Date, timeZone: string | null): { start: Date; end: Date; month: string } {
  const zone = timeZone ?? 'UTC';
  const local = new TZDate(now.getTime(), zone);
  const year = local.getFullYear();
  const month = local.getMonth();
  const start = new TZDate(year, month, 1, 0, 0, 0, zone);
  const end = new TZDate(year, month + 1, 1, 0, 0, 0, zone);
  return {
    start: new Date(start.getTime()),
    end: new Date(end.getTime()),
    month: `${year}-${String(month + 1).padStart(2, '0')}`,
  };
}

/** Dollars (as a person types them) in credit units; null when finer than 1/10,000 or not finite. */
export function dollarsToUnits(dollars: number): number | null {
  if (!Number.isFinite(dollars)) return null;
  const units = Math.round(dollars * UNITS_PER_DOLLAR);
  if (Math.abs(units - dollars * UNITS_PER_DOLLAR) > 1e-6 * Math.max(1, Math.abs(units))) return null;
  return Number.isSafeInteger(units) ? units : null;
}

export function unitsToDollars(units: number): number {
  return units / UNITS_PER_DOLLAR;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const fine = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/**
 * A balance to 2 decimals (spec part 2 §9), cut down to the cent rather than rounded up: a team with
 * $0.0075 left is shown $0.00, never a cent it does not have.
 */
export function formatCredits(units: number): string {
  const cents = Math.trunc(units / (UNITS_PER_DOLLAR / 100));
  return dollars.format(cents / 100);
}

/**
 * A ledger entry's amount, signed: to the cent, or to the 1/10,000 when it has sub-cent digits
 * (a $0.0075 look-up is shown as such, not as $0.01).
 */
export function formatCreditAmount(units: number): string {
  const sign = units > 0 ? '+' : units < 0 ? '−' : '';
  return sign + fine.format(Math.abs(units) / UNITS_PER_DOLLAR);
}

/** A look-up's price: to the cent, or to the 1/10,000 when it has sub-cent digits ('$0.0075'). */
export function formatLookupPrice(units: number): string {
  return fine.format(units / UNITS_PER_DOLLAR);
}

/** Whole dollars of a plan's price: '$19', 'Free'. */
export function formatPlanPrice(price: number): string {
  return price === 0 ? 'Free' : `$${price}`;
}

/** Why a ledger entry exists. Each has a description for people beside it. */
export const CREDIT_REASONS = [
  /** A payment credited (a card charge the team asked for). */
  'load',
  /** A payment the autofill setting made (balance under its threshold). */
  'autofill',
  /** A look-up that found data, charged. */
  'skipTraceHit',
  /** Credits given back by staff (a look-up charged by mistake). */
  'staffRefund',
  /** Credits given by staff (support, a trial, a correction). */
  'adminGrant',
  /** Credits set aside for work under way (a skip trace), and the part given back when it ends. */
  'hold',
  'release',
  /** Affiliate earnings the team's admin moved into its credits (ADR 021). */
  'affiliateEarnings',
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** Who sees the team's credits: its admins (Billing is theirs, spec part 2 §6) and the product's staff (part 1 §6). */
export function seesTeamCredits(viewer: { role: string; isStaff: boolean }): boolean {
  return viewer.role === 'admin' || viewer.isStaff;
}

/** Billing history page size. */
export const BILLING_HISTORY_PAGE_SIZE = 20;

/* ---------------------------------------------------------------------------------------------
 * Payments (issue 18 item 3; spec part 2 §3 'Billing', §4 'Autofill can be enabled only when a card
 * exists', §5 'Billing', §8, §9 'Minimum credit load $10').
 * ------------------------------------------------------------------------------------------- */

/** The smallest load of credits a card may pay, in whole dollars (spec part 2 §9). */
export const MIN_CREDIT_LOAD_DOLLARS = 10;

/** Who may pay: the team's admins (Billing is theirs, spec part 2 §6). */
export function managesPayments(viewer: { role: string }): boolean {
  return viewer.role === 'admin';
}

/** An amount a person left empty: absent, or not a number (an empty input read as a number). */
function isEmptyAmount(amount: number | null | undefined): amount is null | undefined {
  return amount === null || amount === undefined || Number.isNaN(amount);
}

/**
 * Why a load of `amount` dollars cannot be paid, or null when it can: a card first, then an amount,
 * then at least $10 (spec part 2 §5, its words).
 */
export function addCreditsProblem(amount: number | null | undefined, hasCard: boolean): string | null {
  if (!hasCard) return messages.billing.addCardFirst;
  if (isEmptyAmount(amount)) return messages.billing.amountRequired;
  if (amount < MIN_CREDIT_LOAD_DOLLARS) return messages.billing.minimumLoad;
  return null;
}

export type AutofillSettings = {
  autoFill: boolean;
  /** Dollars loaded each time. */
  load: number | null | undefined;
  /** Dollars: a balance below this after a charge loads `load`. */
  lowerThan: number | null | undefined;
};

/**
 * Why autofill settings cannot be saved, or null. Turning autofill off is always allowed; on, it
 * needs a card, an amount to load of at least $10, and a threshold of 0 or more.
 */
export function autofillProblem(settings: AutofillSettings, hasCard: boolean): string | null {
  if (!settings.autoFill) return null;
  if (!hasCard) return messages.billing.addCardBeforeAutofill;
  if (isEmptyAmount(settings.load) || isEmptyAmount(settings.lowerThan))
    return messages.billing.amountRequired;
  if (settings.load < MIN_CREDIT_LOAD_DOLLARS) return messages.billing.minimumLoad;
  if (settings.lowerThan < 0) return messages.billing.amountRequired;
  return null;
}

/** Whether a balance (units) left by a charge calls for an autofill load. */
export function needsAutofill(
  settings: { autoFill: boolean; lowerThanUnits: number },
  balanceUnits: number,
): boolean {
  return settings.autoFill && balanceUnits < settings.lowerThanUnits;
}

/** Whole dollars (or cents) in the card network's smallest unit: cents. Null when finer than a cent. */
export function dollarsToCents(dollars: number): number | null {
  if (!Number.isFinite(dollars)) return null;
  const cents = Math.round(dollars * 100);
  return Math.abs(cents - dollars * 100) < 1e-6 && Number.isSafeInteger(cents) ? cents : null;
}

/** Cents in credit units. */
export function centsToUnits(cents: number): number {
  return cents * (UNITS_PER_DOLLAR / 100);
}

/** A paid plan: the ones a subscription buys. */
export type PaidPlanName = Exclude<PlanName, 'BASIC'>;
export const PAID_PLAN_NAMES = ['LITE', 'PRO'] as const satisfies readonly PaidPlanName[];

/** The price of a plan and period, in cents: what the subscription's Price charges. */
export function planPriceCents(plan: PaidPlanName, monthly: boolean): number {
  return (monthly ? PLANS[plan].monthlyPrice : PLANS[plan].yearlyPrice) * 100;
}

/**
 * The name a plan's Price carries at the payment provider (Stripe's `lookup_key`): found by it, and
 * read back from a subscription to know which plan and period it is.
 */
export function priceLookupKey(plan: PaidPlanName, monthly: boolean): string {
  return `prospector_${plan.toLowerCase()}_${monthly ? 'monthly' : 'yearly'}`;
}

export function planOfLookupKey(
  key: string | null | undefined,
): { plan: PaidPlanName; monthly: boolean } | null {
  const m = /^prospector_(lite|pro)_(monthly|yearly)$/.exec(key ?? '');
  if (!m) return null;
  return { plan: m[1]!.toUpperCase() as PaidPlanName, monthly: m[2] === 'monthly' };
}

/** A subscription's state at the provider (Stripe's statuses). */
export type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

/** Statuses that give the plan: paid, or being retried after a failed renewal (the provider's dunning). */
const GIVES_PLAN: readonly string[] = ['active', 'trialing', 'past_due'];
/** Statuses a subscription never leaves. */
const FINAL: readonly string[] = ['canceled', 'incomplete_expired'];

/** The plan a team has while its subscription is in `status`: the subscription's, or the free one. */
export function planUnderSubscription(status: string, plan: PaidPlanName): PlanName {
  return GIVES_PLAN.includes(status) ? plan : DEFAULT_PLAN;
}

export function isFinalSubscriptionStatus(status: string): boolean {
  return FINAL.includes(status);
}

/** What we hold, or are told, of a subscription: its id, state, when it was created and when that state was. */
export type SubscriptionSnapshot = {
  id: string;
  status: string;
  /** When the subscription was created (ms). */
  createdAt: number;
  /** When this state was true: the event's time (ms). */
  stateAt: number;
};

/**
 * Whether a subscription event changes what we hold (webhooks arrive late, twice and out of order):
 * - nothing held: apply (a `deleted` arriving first is kept, so its older `created` cannot revive it);
 * - the same subscription: never out of a final state (canceled), always into one, and otherwise
 *   never to a state older than ours;
 * - another subscription: only a newer one, and only over one that has ended or by one that has not.
 */
export function subscriptionEventApplies(
  held: SubscriptionSnapshot | null,
  incoming: SubscriptionSnapshot,
): boolean {
  if (!held) return true;
  if (held.id === incoming.id) {
    if (isFinalSubscriptionStatus(held.status)) return false;
    // An end is a subscription's last state, whenever it is heard of.
    return isFinalSubscriptionStatus(incoming.status) || incoming.stateAt >= held.stateAt;
  }
  if (incoming.createdAt < held.createdAt) return false;
  return isFinalSubscriptionStatus(held.status) || !isFinalSubscriptionStatus(incoming.status);
}

/** What a succeeded payment paid for. */
export const PAYMENT_KINDS = ['credits', 'autofill', 'subscription'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** A card as the Billing screen shows it: 'Visa •••• 4242'. */
export function formatCard(card: { brand: string; last4: string }): string {
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Card';
  return `${brand} •••• ${card.last4}`;
}
