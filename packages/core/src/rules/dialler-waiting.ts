import { bindingLaw, contactRule, nextLawfulContactAt, type TeamContactHours } from './state-law.js';
import { dialRefusal, type CallStatus } from './dialler.js';

/**
 * Why the dialler is not calling a member's queued contacts now, said as campaigns say why their
 * recipients wait (rules/campaigns-waiting.ts): how many wait for their calling hours and until when,
 * how many their state's 24-hour limit holds (Florida, Oklahoma, Maryland) and until when,
 * how many were skipped (DNC, Wrong #, no phone), how many the member's call settings pass over, and
 * when the next call can go.
 */
export const DIALLER_WAIT_REASONS = [
  'quietHours',
  'lawDailyCap',
  'noStatus',
  'dnc',
  'wrongNumber',
  'noPhone',
] as const;
export type DiallerWaitReason = (typeof DIALLER_WAIT_REASONS)[number];

/** One entry of the member's queue: still queued (no call status) or skipped by the dialler. */
export type DiallerQueueFacts = {
  callStatus: CallStatus | null;
  phone: { value: string; status: '' | 'DNC' | 'Wrong #' } | null;
  /** The contact's time zones: its number's and its address state's (empty: the team's zone decides). */
  zones: readonly string[];
  /** The states whose law applies (rules/state-law.ts), when known. */
  states?: readonly string[];
  /** The record has a board status (the member's noStatusCalls passes over those without). */
  hasStatus: boolean;
  /** When each text or call to its number (for this record) was made: the state's 24-hour limit. */
  recent?: readonly Date[];
};

export type DiallerWaitGroup = {
  reason: DiallerWaitReason;
  count: number;
  until: Date | null;
  /** For the 24-hour limit, the states whose law holds them ('FL', 'FL,MD'): one group per law. */
  law?: string;
};

export type DiallerWaiting = {
  /** Entries the dialler may call now. */
  callable: number;
  groups: DiallerWaitGroup[];
  /** When the next call can go: now while one is callable, else when the first sleeper wakes; null: never by itself. */
  nextCallAt: Date | null;
};

const SKIPPED: Partial<Record<string, DiallerWaitReason>> = {
  dnc: 'dnc',
  wrongNumber: 'wrongNumber',
  noPhone: 'noPhone',
};

/** Groups a member's queue by why its entries are not being called now (in DIALLER_WAIT_REASONS order). */
export function diallerWaiting(
  entries: readonly DiallerQueueFacts[],
  now: Date,
  teamZone: string,
  settings: { noStatusCalls: boolean; team?: TeamContactHours | null },
): DiallerWaiting {
  const team = settings.team ?? null;
  let callable = 0;
  const groups = new Map<string, DiallerWaitGroup>();
  const add = (reason: DiallerWaitReason, until: Date | null, law?: string) => {
    const key = `${reason}|${law ?? ''}`;
    const g = groups.get(key);
    if (!g) return void groups.set(key, law ? { reason, count: 1, until, law } : { reason, count: 1, until });
    g.count += 1;
    if (until && (!g.until || until.getTime() < g.until.getTime())) g.until = until;
  };
  for (const e of entries) {
    const states = e.states ?? [];
    const recent = e.recent ?? [];
    const refusal = dialRefusal(e.phone, e.zones, now, teamZone, states, team, recent);
    if (e.callStatus === 'Skipped') {
      // Skipped for good when the dialler reached it; counted by what its phone still is.
      const why = refusal ? SKIPPED[refusal] : undefined;
      if (why) add(why, null);
      continue;
    }
    if (e.callStatus !== null) continue;
    const rule = contactRule(states, team);
    if (settings.noStatusCalls && !e.hasStatus) add('noStatus', null);
    else if (refusal === 'quietHours' || refusal === 'lawDailyCap') {
      // The law that holds them is named (issue 32): a state's or the team's hours; the federal ones
      // go unnamed, as the sentence gives them.
      const law = bindingLaw(rule, refusal);
      add(refusal, nextLawfulContactAt(rule, e.zones, recent, now, teamZone), law === 'US' ? undefined : law);
    } else if (refusal) add(SKIPPED[refusal]!, null);
    else callable += 1;
  }
  const sorted = [...groups.values()].sort(
    (a, b) =>
      DIALLER_WAIT_REASONS.indexOf(a.reason) - DIALLER_WAIT_REASONS.indexOf(b.reason) ||
      (a.law ?? '').localeCompare(b.law ?? ''),
  );
  let wake: Date | null = null;
  for (const g of sorted)
    if ((g.reason === 'quietHours' || g.reason === 'lawDailyCap') && g.until)
      if (!wake || g.until.getTime() < wake.getTime()) wake = g.until;
  const nextCallAt = callable > 0 ? now : wake;
  return { callable, groups: sorted, nextCallAt };
}
