import type { DeferReason, SenderSlot, SlotCapacity } from './campaign-recipients.js';
import { isInSendWindow, nextWindowStart, type Schedule } from './campaigns.js';

/**
 * Why a campaign's recipients are not texted yet, for its details: each recipient still due falls in
 * one group, with how many there are and until when they wait. The engine writes why it put each
 * recipient off (DeferReason, on the recipient) and why the line of due recipients does not move
 * (QueueBlocker, on the campaign); the rest is read from the campaign's schedule.
 */
export const WAIT_REASONS = [
  'paused',
  'outsideWindow',
  'planLimit',
  'notStarted',
  'quietHours',
  'deviceLimit',
  'firstTouchCap',
  'deviceUnhealthy',
  'deviceOffline',
  'recipientDailyCap',
  'lawDailyCap',
  'awaitingReply',
  'followUpDue',
  'noTemplate',
  'inCallQueue',
  'queued',
  'missingField',
] as const;
export type WaitReason = (typeof WAIT_REASONS)[number];

/**
 * Why no text can go to the next new contact: the team's plan has no texts left this month, or no
 * device can take one. Nothing moves until `until` (null: until the team acts).
 */
export type QueueBlocker = {
  reason: Extract<
    WaitReason,
    'planLimit' | 'deviceLimit' | 'firstTouchCap' | 'deviceUnhealthy' | 'deviceOffline'
  >;
  until: Date | null;
};

type DeviceBlocker = Exclude<QueueBlocker['reason'], 'planLimit'>;

const BLOCKER_ORDER: DeviceBlocker[] = ['deviceLimit', 'firstTouchCap', 'deviceUnhealthy', 'deviceOffline'];

/** The plan's month is used up: every recipient waits until the month turns in the team's zone (or an upgrade). */
export function planLimitBlocker(monthEndsAt: Date): QueueBlocker {
  return { reason: 'planLimit', until: monthEndsAt };
}

/**
 * Why the campaign's devices can take no new contact this tick, or null when one can (a device only
 * spacing its texts, or held by another engine, is not blocked). With devices blocked for different
 * reasons, the one that clears by itself is named first: the daily limit, then the first-touch cap,
 * then a device paused for poor delivery, then one offline.
 */
export function queueBlocker(
  slots: readonly SenderSlot[],
  capacity: ReadonlyMap<string, SlotCapacity>,
  nextDayAt: Date,
): QueueBlocker | null {
  const found = new Set<DeviceBlocker>();
  for (const s of slots) {
    const cap = capacity.get(s.deviceId);
    if (!s.usable) found.add(s.paused ? 'deviceUnhealthy' : 'deviceOffline');
    else if (!cap) return null;
    else if (cap.dailyLeft <= 0) found.add('deviceLimit');
    else if (cap.firstTouchLeft <= 0) found.add('firstTouchCap');
    else return null;
  }
  const reason = BLOCKER_ORDER.find((r) => found.has(r)) ?? 'deviceOffline';
  return { reason, until: reason === 'deviceLimit' || reason === 'firstTouchCap' ? nextDayAt : null };
}

/** Recipients of one campaign counted by what the details need (one row of an aggregate query). */
export type RecipientTally = {
  state: string;
  reason: string | null;
  /** The engine's DeferReason when it put the recipients off. */
  waitReason: DeferReason | null;
  missingField: string | null;
  /** Texted at least once. */
  texted: boolean;
  /** Not due yet: `nextAt` is in the future. */
  later: boolean;
  n: number;
  /** The earliest time the engine looks at these recipients again. */
  nextAt: Date | null;
  /** The law their wait names (state-law.ts bindingLaw), for quiet hours and the 24-hour limit. */
  waitLaw?: string | null;
  /** The step their next text belongs to (0: the first text). */
  followUp?: number;
};

export type WaitGroup = {
  reason: WaitReason;
  count: number;
  until: Date | null;
  field: string | null;
  /** The law that holds them back ('FL', 'FL,TX', 'US', 'TEAM'); absent when no law is named. */
  law?: string;
};

export type WaitingCampaign = {
  paused: boolean;
  finished: boolean;
  schedule: Schedule;
  blocker: QueueBlocker | null;
};

/** Waits that end only when the team acts (or a text is skipped): no time to give. */
const OPEN_ENDED: ReadonlySet<WaitReason> = new Set([
  'paused',
  'inCallQueue',
  'deviceUnhealthy',
  'deviceOffline',
  'missingField',
]);

function classify(t: RecipientTally, c: WaitingCampaign, now: Date): Omit<WaitGroup, 'count'> | null {
  if (t.state === 'skipped')
    return t.reason === 'missingField'
      ? { reason: 'missingField', until: null, field: t.missingField }
      : null;
  if (t.state !== 'pending' && t.state !== 'waiting') return null;
  const none = { until: null, field: null };
  if (c.paused) return { reason: 'paused', ...none };
  if (t.later) {
    const until = { until: t.nextAt, field: null };
    if (t.waitReason) {
      const named = t.waitReason === 'quietHours' || t.waitReason === 'lawDailyCap';
      return named && t.waitLaw
        ? { reason: t.waitReason, ...until, law: t.waitLaw }
        : { reason: t.waitReason, ...until };
    }
    if (t.state === 'waiting') return { reason: 'awaitingReply', ...until };
    if (t.texted && (t.followUp ?? 0) > 0) return { reason: 'followUpDue', ...until };
    return { reason: t.texted ? 'queued' : 'notStarted', ...until };
  }
  if (!isInSendWindow(c.schedule, now))
    return { reason: 'outsideWindow', until: nextWindowStart(c.schedule, now), field: null };
  const b = c.blocker;
  const current = b && (!b.until || b.until.getTime() > now.getTime());
  if (current && (b.reason !== 'firstTouchCap' || !t.texted))
    return { reason: b.reason, until: b.until, field: null };
  return { reason: 'queued', ...none };
}

/**
 * When the engine may text recipients whose own wait ends at `from`: not before the devices' blocker
 * lets them through (the first-touch cap holds only new contacts; a device the team must see to holds
 * everyone, so no time), and inside the campaign's weekly window.
 */
function textableAt(c: WaitingCampaign, from: Date, texted: boolean, now: Date): Date | null {
  const b = c.blocker;
  let at = from;
  if (b && (!b.until || b.until.getTime() > now.getTime()) && (b.reason !== 'firstTouchCap' || !texted)) {
    if (!b.until) return null;
    if (b.until.getTime() > at.getTime()) at = b.until;
  }
  return nextWindowStart(c.schedule, at);
}

/**
 * The recipients still to be texted, grouped by why they wait (in WAIT_REASONS order, the skipped for
 * a missing field by field), and when the next text can go: the earliest moment a wait ends that the
 * devices and the campaign's weekly window allow. Null when nothing will go by itself (paused,
 * finished, or every device needs the team's attention).
 */
export function groupWaiting(
  tallies: readonly RecipientTally[],
  c: WaitingCampaign,
  now: Date,
): { groups: WaitGroup[]; nextTextAt: Date | null } {
  const byKey = new Map<string, WaitGroup>();
  let next: Date | null = null;
  for (const t of tallies) {
    const g = classify(t, c, now);
    if (!g || t.n <= 0) continue;
    const until = OPEN_ENDED.has(g.reason) ? null : g.until;
    const key = `${g.reason}|${g.field ?? ''}|${g.law ?? ''}`;
    const found = byKey.get(key);
    if (!found) byKey.set(key, { ...g, until, count: t.n });
    else {
      found.count += t.n;
      if (until && (!found.until || until.getTime() < found.until.getTime())) found.until = until;
    }
    if (c.paused || c.finished || OPEN_ENDED.has(g.reason)) continue;
    const at = textableAt(c, until && until.getTime() > now.getTime() ? until : now, t.texted, now);
    if (at && (!next || at.getTime() < next.getTime())) next = at;
  }
  const groups = [...byKey.values()].sort(
    (a, b) =>
      WAIT_REASONS.indexOf(a.reason) - WAIT_REASONS.indexOf(b.reason) ||
      (a.field ?? '').localeCompare(b.field ?? '') ||
      (a.law ?? '').localeCompare(b.law ?? ''),
  );
  return { groups, nextTextAt: next };
}
