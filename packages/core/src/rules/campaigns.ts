import { TZDate } from '@date-fns/tz';
import { messages } from '../messages.js';

/** Campaign rules (spec part 2 §3, §4, §5, §9), shared by the builder, the server and the engine. */

export const CAMPAIGN_PAGE_SIZE = 15;
export const CAMPAIGNS_REFRESH_MS = 30_000;
export const DEFAULT_WEEK_DAYS = [1, 2, 3, 4, 5];
export const DEFAULT_START_HOUR = 10;
export const DEFAULT_END_HOUR = 18;
export const DEFAULT_DAYS_TO_CHANGE_RECEIVER = 1;
export const LAST_CONTACTED_MIN_AGE_DAYS = 7;
export const MAX_PPGL = 200;
export const RECOMMENDED_PPGL = 100;
/** Recipient-side quiet hours: never before 8:00 or at/after 21:00 in the recipient's own zone. */
export const QUIET_START_HOUR = 21;
export const QUIET_END_HOUR = 8;
/** At most this many texts to one number in 24 hours, unless they replied. */
export const MAX_TEXTS_PER_RECIPIENT_PER_DAY = 3;
/** A device whose last 50 texts were delivered less than 85% of the time is paused for the campaign. */
export const HEALTH_WINDOW = 50;
export const HEALTH_MIN_RATE = 0.85;
export const CAMPAIGN_TYPES = ['Text', 'Call', 'Email'] as const;
export type CampaignTypeName = (typeof CAMPAIGN_TYPES)[number];
export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const NOT_CONTACTED = 'Not contacted';
/** A campaign's follow-up steps: at most 5, each 1 to 30 days after the step before it. */
export const MAX_FOLLOW_UPS = 5;
export const FOLLOW_UP_MIN_DAYS = 1;
export const FOLLOW_UP_MAX_DAYS = 30;

/** "If no reply after `afterDays` days, send from these template groups." */
export type FollowUpStep = { afterDays: number; groupIds: string[] };

/**
 * What is wrong with a campaign's follow-up steps, or null: too many, a wait outside 1–30 whole days,
 * or a text step with no template group (a call campaign's follow-ups are calls: no templates).
 */
export function followUpsProblem(
  steps: readonly FollowUpStep[],
  campaignType: CampaignTypeName | null = 'Text',
): string | null {
  if (steps.length > MAX_FOLLOW_UPS) return messages.campaigns.followUpsTooMany;
  for (const s of steps) {
    if (
      !Number.isInteger(s.afterDays) ||
      s.afterDays < FOLLOW_UP_MIN_DAYS ||
      s.afterDays > FOLLOW_UP_MAX_DAYS
    )
      return messages.campaigns.followUpDays;
    if (campaignType !== 'Call' && s.groupIds.length === 0) return messages.campaigns.followUpGroupRequired;
  }
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export type BuilderStep = 0 | 1 | 2;
export type BuilderDraft = {
  campaignType: CampaignTypeName | null;
  statuses: readonly string[];
  weekDays: readonly number[];
  groupIds: readonly string[];
  name: string;
  devices: readonly string[];
};

/**
 * The builder's checks in the spec's order (part 2 §5), for the step being left (`step`) — step 2 is
 * Launch. `count` is the contact count of the chosen statuses. Returns the first message, or null.
 */
export function builderProblem(
  step: BuilderStep,
  draft: BuilderDraft,
  ctx: { count: number; timezone: string | null },
): string | null {
  if (!draft.campaignType) return messages.campaigns.typeRequired;
  if (draft.statuses.length === 0) return messages.campaigns.statusRequired;
  if (ctx.count === 0) return messages.campaigns.zeroContacts;
  if (draft.campaignType === 'Call') return null;
  if (step === 0) return null;
  if (draft.weekDays.length === 0) return messages.campaigns.weekdayRequired;
  if (step === 1) return null;
  if (draft.groupIds.length === 0) return messages.campaigns.groupRequired;
  if (!draft.name.trim()) return messages.campaigns.nameRequired;
  if (draft.devices.length === 0) return messages.campaigns.deviceRequired;
  if (!ctx.timezone) return messages.campaigns.timezoneRequired;
  return null;
}

/** Recipients counted by the step of their last text (null: never texted) and whether they replied. */
export type StepTally = { lastStep: number | null; replied: boolean; n: number };
export type StepFigures = { step: number; sent: number; replied: number };

/**
 * A campaign's figures per step (0: the first text, then each follow-up): contacts texted in the step
 * (all whose last text was in it or a later one) and the replies (or opt-outs) to it (replied while
 * their last text was in it). `steps` is the number of follow-ups.
 */
export function stepFigures(tallies: readonly StepTally[], steps: number): StepFigures[] {
  const out: StepFigures[] = [];
  for (let k = 0; k <= steps; k++) {
    let sent = 0;
    let replied = 0;
    for (const t of tallies) {
      if (t.lastStep === null || t.lastStep < k) continue;
      sent += t.n;
      if (t.lastStep === k && t.replied) replied += t.n;
    }
    out.push({ step: k, sent, replied });
  }
  return out;
}

/** A step's reply rate in whole percent ('12%'); '–' before anyone was texted in it. */
export function replyRate(f: Pick<StepFigures, 'sent' | 'replied'>): string {
  return f.sent === 0 ? '–' : `${Math.round((f.replied / f.sent) * 100)}%`;
}

/** The default 'last contacted' when a status other than 'Not contacted' is picked: 7 days back. */
export function defaultLastContacted(now: Date): Date {
  return new Date(now.getTime() - LAST_CONTACTED_MIN_AGE_DAYS * DAY_MS);
}

/** The last-contacted date may not be later than 7 days before now. */
export function isLastContactedAllowed(at: Date, now: Date): boolean {
  return at.getTime() <= now.getTime() - LAST_CONTACTED_MIN_AGE_DAYS * DAY_MS + 60_000;
}

/** The end date cannot be earlier than today (in the team's zone). */
export function isEndDateAllowed(end: Date, now: Date, timeZone: string): boolean {
  const e = new TZDate(end.getTime(), timeZone);
  const n = new TZDate(now.getTime(), timeZone);
  const day = (d: TZDate) => d.getFullYear() * 10_000 + (d.getMonth() + 1) * 100 + d.getDate();
  return day(e) >= day(n);
}

/** The whole hour (0–23) an instant falls in, in a zone: the builder sends ISO, the server keeps hours. */
export function hourInZone(at: Date, timeZone: string): number {
  return new TZDate(at.getTime(), timeZone).getHours();
}

/** ISO weekday (1 = Monday … 7 = Sunday) of an instant in a zone. */
export function weekdayInZone(at: Date, timeZone: string): number {
  const d = new TZDate(at.getTime(), timeZone).getDay();
  return d === 0 ? 7 : d;
}

/** The instant of `hour`:00 on the zone's calendar day of `day` (the builder's hourly pickers). */
export function atHourInZone(day: Date, hour: number, timeZone: string): Date {
  const d = new TZDate(day.getTime(), timeZone);
  return new Date(new TZDate(d.getFullYear(), d.getMonth(), d.getDate(), hour, 0, 0, timeZone).getTime());
}

export type Schedule = {
  weekDays: readonly number[];
  startHour: number;
  endHour: number;
  startDate: Date;
  endDate: Date | null;
  timezone: string;
};

/**
 * Whether a campaign may send at `now`: on a chosen weekday, from startHour up to (not including)
 * endHour in the team's zone, on or after its start date and before its end date.
 */
export function isInSendWindow(s: Schedule, now: Date): boolean {
  if (now.getTime() < s.startDate.getTime()) return false;
  if (s.endDate && now.getTime() >= s.endDate.getTime()) return false;
  if (!s.weekDays.includes(weekdayInZone(now, s.timezone))) return false;
  const hour = hourInZone(now, s.timezone);
  return s.endHour > s.startHour ? hour >= s.startHour && hour < s.endHour : false;
}

/**
 * Recipient quiet hours: a number may map to several zones (a toll-free or a national mobile number);
 * it may be texted only when it is between 8:00 and 21:00 in every one of them. No zone known: the
 * team's zone decides.
 */
export function isRecipientAwake(zones: readonly string[], now: Date, fallbackZone: string): boolean {
  const list = zones.length > 0 ? zones : [fallbackZone];
  return list.every((z) => {
    try {
      const h = hourInZone(now, z);
      return h >= QUIET_END_HOUR && h < QUIET_START_HOUR;
    } catch {
      return true; // An unknown zone name: nothing to go by.
    }
  });
}

/** The calendar day `days` after the zone's day of `at`, as midday of that day (clear of DST shifts). */
function dayAfter(at: Date, days: number, timeZone: string): Date {
  const d = new TZDate(at.getTime(), timeZone);
  return new Date(
    new TZDate(d.getFullYear(), d.getMonth(), d.getDate() + days, 12, 0, 0, timeZone).getTime(),
  );
}

/** Midnight that starts the zone's next day: when a device's daily counters start again. */
export function startOfNextDay(now: Date, timeZone: string): Date {
  return atHourInZone(dayAfter(now, 1, timeZone), 0, timeZone);
}

/**
 * The first instant at or after `from` when the campaign may send (isInSendWindow), or null when its
 * end date comes first. Looks a week ahead: every chosen weekday comes round in that time.
 */
export function nextWindowStart(s: Schedule, from: Date): Date | null {
  const t0 = new Date(Math.max(from.getTime(), s.startDate.getTime()));
  if (s.endHour <= s.startHour) return null;
  for (let k = 0; k <= 7; k++) {
    const day = dayAfter(t0, k, s.timezone);
    if (!s.weekDays.includes(weekdayInZone(day, s.timezone))) continue;
    const open = atHourInZone(day, s.startHour, s.timezone);
    const close =
      s.endHour >= 24
        ? atHourInZone(dayAfter(day, 1, s.timezone), 0, s.timezone)
        : atHourInZone(day, s.endHour, s.timezone);
    const at = new Date(Math.max(t0.getTime(), open.getTime()));
    if (at.getTime() >= close.getTime()) continue;
    return s.endDate && at.getTime() >= s.endDate.getTime() ? null : at;
  }
  return null;
}

/**
 * When a recipient asleep now (isRecipientAwake) may next be texted: 8:00 in its zone, or the latest
 * 8:00 of its zones when the number maps to several. Half an hour on when no such moment is found
 * (zones too far apart to be awake together): the engine looks again then.
 */
export function recipientWakeAt(zones: readonly string[], now: Date, fallbackZone: string): Date {
  const list = zones.length > 0 ? zones : [fallbackZone];
  let wake = now.getTime();
  for (const z of list) {
    try {
      if (isRecipientAwake([z], now, z)) continue;
      const today = atHourInZone(now, QUIET_END_HOUR, z);
      const next =
        today.getTime() > now.getTime() ? today : atHourInZone(dayAfter(now, 1, z), QUIET_END_HOUR, z);
      wake = Math.max(wake, next.getTime());
    } catch {
      // An unknown zone name: it does not hold the recipient back (isRecipientAwake agrees).
    }
  }
  const at = new Date(wake);
  return wake > now.getTime() && isRecipientAwake(list, at, fallbackZone)
    ? at
    : new Date(now.getTime() + 30 * 60_000);
}

/** Delivery rate of a device's recent texts: sent or delivered count as reaching the network. */
export function deliveryRate(states: readonly string[]): number {
  if (states.length === 0) return 1;
  const ok = states.filter((s) => s === 'sent' || s === 'delivered').length;
  return ok / states.length;
}

/** Paused for poor delivery: a full window of 50 finished texts under 85%. */
export function isDeviceUnhealthy(states: readonly string[]): boolean {
  return states.length >= HEALTH_WINDOW && deliveryRate(states.slice(0, HEALTH_WINDOW)) < HEALTH_MIN_RATE;
}

/** The daily texting limit as saved: numeric, capped at 200. */
export function clampPpgl(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(MAX_PPGL, Math.floor(value));
}

/** A random gap between two sends of one device, in [min, max] ms: never a steady beat. */
export function sendGapMs(random: number, minMs: number, maxMs: number): number {
  return Math.round(minMs + Math.max(0, Math.min(1, random)) * Math.max(0, maxMs - minMs));
}

export type CampaignOrderKey = { paused: boolean; status: 'In Progress' | 'Finished'; createdAt: Date };

/** Campaigns page order: running first, then paused and not finished, then Finished; newest first. */
export function compareCampaigns(a: CampaignOrderKey, b: CampaignOrderKey): number {
  const rank = (c: CampaignOrderKey) => (c.status === 'Finished' ? 2 : c.paused ? 1 : 0);
  return rank(a) - rank(b) || b.createdAt.getTime() - a.createdAt.getTime();
}

/**
 * Why a list leads to no campaign: it holds properties but no contacts (a list of addresses, say from
 * a property site). Null when it has contacts, or nothing at all to explain.
 */
export function listWithoutContactsNote(
  list: { name: string; itemCount: number; propCount: number },
  /** Where the screen offers Skiptrace: below the note, or only on the list's own page. */
  skiptrace: 'below' | 'list page' = 'below',
): string | null {
  if (list.itemCount > 0 || list.propCount === 0) return null;
  const properties = `${list.propCount.toLocaleString('en-US')} ${list.propCount === 1 ? 'property' : 'properties'}`;
  return messages.campaigns.listWithoutContacts
    .replace('{list}', list.name)
    .replace('{properties}', properties)
    .replace('{skiptrace}', skiptrace === 'below' ? 'Skiptrace, below' : "Skiptrace, on the list's page");
}
