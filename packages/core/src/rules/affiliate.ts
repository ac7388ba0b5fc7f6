import { messages } from '../messages.js';

/**
 * A hash in a logged-out URL is stored as the affiliate id (spec part 1 §2.1). Only a plain token is
 * kept, so a hash used for in-page navigation (`#campaigns`) or junk never poses as one.
 */
const AFFILIATE_ID = /^[A-Za-z0-9_-]{6,64}$/;

export function affiliateIdFromHash(hash: string): string | null {
  const value = hash.replace(/^#/, '').trim();
  return AFFILIATE_ID.test(value) ? value : null;
}

/*
 * The affiliate programme (spec part 2 §2 'Affiliate', §3 'Affiliate history entry', §5, §9; ADR 021).
 * Earnings are counted in whole cents: a payout moves cents, and a share is cut down to the cent.
 */

/** The share of a referred team's payments its referrer earns, in percent (ADR 021). */
export const AFFILIATE_SHARE_PERCENT = 20;
/** For how long after the referred team's signup its payments earn the share, in months (ADR 021). */
export const AFFILIATE_SHARE_MONTHS = 12;
/** The most one withdrawal or load may move, in dollars. */
export const AFFILIATE_MAX_AMOUNT = 100_000;

/** What a referrer earns from a payment of `amountCents`: the share, cut down to the cent. */
export function affiliateShareCents(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return 0;
  return Math.floor((amountCents * AFFILIATE_SHARE_PERCENT) / 100);
}

/** Whether a payment made at `paidAt` still earns the share for a team that signed up at `signedUpAt`. */
export function earnsAffiliateShare(signedUpAt: Date, paidAt: Date): boolean {
  const end = new Date(signedUpAt.getTime());
  end.setUTCMonth(end.getUTCMonth() + AFFILIATE_SHARE_MONTHS);
  return paidAt.getTime() >= signedUpAt.getTime() && paidAt.getTime() < end.getTime();
}

export type AffiliateAmount = { ok: true; cents: number } | { ok: false; message: string };

/**
 * Dollars a person entered for a withdrawal or a load: a positive number with at most 2 decimals and
 * at most AFFILIATE_MAX_AMOUNT, as whole cents; else the sentence that says what is wrong.
 */
export function parseAffiliateAmount(amount: unknown): AffiliateAmount {
  if (amount === null || amount === undefined || amount === '')
    return { ok: false, message: messages.affiliates.amountRequired };
  const value = typeof amount === 'string' ? Number(amount.trim()) : amount;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > AFFILIATE_MAX_AMOUNT)
    return { ok: false, message: messages.affiliates.invalidAmount };
  const cents = Math.round(value * 100);
  if (Math.abs(cents - value * 100) > 1e-6) return { ok: false, message: messages.affiliates.invalidAmount };
  return { ok: true, cents };
}

/** Why a withdrawal or a load of `cents` is refused against `earningsCents`; null when it may go ahead. */
export function affiliateAmountRefusal(cents: number, earningsCents: number): string | null {
  return cents > earningsCents ? messages.affiliates.overEarnings : null;
}

/**
 * The affiliate link (spec part 2 §9): the product site plus a hash of the user id. The code goes in
 * the URL's hash, where the logged-out app picks it up (affiliateIdFromHash).
 */
export function affiliateLink(siteUrl: string, code: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/#${code}`;
}

/** Cents as dollars to 2 decimals: '$1,234.50'. */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** Mail providers whose addresses belong to strangers: sharing one of these domains says nothing. */
const SHARED_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
  'yandex.com',
  'zoho.com',
]);

/** The mailbox an address delivers to: no +tag, and for Gmail no dots and one domain. */
function mailboxOf(email: string): { local: string; domain: string } {
  const at = email.lastIndexOf('@');
  let local = email.slice(0, at).toLowerCase().split('+')[0]!;
  let domain = email.slice(at + 1).toLowerCase();
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return { local, domain };
}

export type SelfReferralReason = 'sameIp' | 'sameMailbox' | 'sameDomain' | 'sameCard';

/**
 * Why a signup through a link looks like the referrer's own second account (issue 36 item 10, ADR
 * 032), or null: it signed up from an address the referrer's sessions came from, its e-mail reaches
 * the referrer's mailbox (+tags, Gmail's dots), or it shares the referrer's own company domain.
 */
export function selfReferralReason(
  referrer: { email: string; ips: readonly string[] },
  signup: { email: string; ip: string },
): SelfReferralReason | null {
  if (referrer.ips.includes(signup.ip)) return 'sameIp';
  const a = mailboxOf(referrer.email);
  const b = mailboxOf(signup.email);
  if (a.domain === b.domain && a.local === b.local) return 'sameMailbox';
  if (a.domain === b.domain && !SHARED_MAIL_DOMAINS.has(a.domain)) return 'sameDomain';
  return null;
}

/** A saved card as billing keeps it. */
export type SavedCard = { brand: string; last4: string; expMonth: number; expYear: number };

/** Whether a referred team pays with the referrer's own card (the same brand, number end and expiry). */
export function isSameCard(a: SavedCard | null, b: SavedCard | null): boolean {
  return (
    !!a &&
    !!b &&
    a.brand === b.brand &&
    a.last4 === b.last4 &&
    a.expMonth === b.expMonth &&
    a.expYear === b.expYear
  );
}
