import { messages } from '../messages.js';

/**
 * How a call campaign's details account for the contacts whose calls stopped (issue 32, ADR 056): a
 * contact taken out of a queue before its call says whose queue and who took it out; one the campaign
 * stopped says why (an answer or a reply, DNC, Wrong #, a member's own text or call, a closed status,
 * the campaign's end). The removals are grouped by their queue and who removed them.
 */

/** Stopped recipients of a call campaign, counted by reason and, for a removal, by the members' names. */
export type CallStopTally = {
  reason: string | null;
  count: number;
  /** The member who took the call out of a queue (null: no longer on the team). */
  removedBy?: string | null;
  /** The member whose queue it was. */
  removedFrom?: string | null;
};

export type CallStopGroup = {
  reason: CallStopReason;
  count: number;
  removedBy: string | null;
  removedFrom: string | null;
};

export const CALL_STOP_REASONS = [
  'unqueued',
  'replied',
  'optOut',
  'blocked',
  'manual',
  'status',
  'ended',
] as const;
export type CallStopReason = (typeof CALL_STOP_REASONS)[number];

const isStopReason = (r: string | null): r is CallStopReason =>
  (CALL_STOP_REASONS as readonly string[]).includes(r ?? '');

/** The tallies as the details list them: removals first, then by reason, the largest group first within each. */
export function callStopGroups(tallies: readonly CallStopTally[]): CallStopGroup[] {
  const groups = new Map<string, CallStopGroup>();
  for (const t of tallies) {
    if (!isStopReason(t.reason) || t.count <= 0) continue;
    const removal = t.reason === 'unqueued';
    const removedBy = removal ? (t.removedBy ?? null) : null;
    const removedFrom = removal ? (t.removedFrom ?? null) : null;
    const key = `${t.reason}|${removedFrom ?? ''}|${removedBy ?? ''}`;
    const g = groups.get(key) ?? { reason: t.reason, count: 0, removedBy, removedFrom };
    g.count += t.count;
    groups.set(key, g);
  }
  const order = (g: CallStopGroup) => CALL_STOP_REASONS.indexOf(g.reason);
  return [...groups.values()].sort((a, b) => order(a) - order(b) || b.count - a.count);
}

const number = new Intl.NumberFormat('en-US');
const were = (n: number) => `${number.format(n)} ${n === 1 ? 'recipient was' : 'recipients were'}`;

/** "Maya's queue" (a name ending in s: "James' queue"); "a member's queue" when the name is gone. */
function queueOf(name: string | null) {
  if (!name) return "a member's queue";
  return name.endsWith('s') ? `${name}' queue` : `${name}'s queue`;
}

/** The details' sentence for one group of stopped recipients. */
export function callStopSentence(g: CallStopGroup): string {
  const people = were(g.count);
  if (g.reason === 'unqueued')
    return messages.campaigns.removedFromQueue(people, queueOf(g.removedFrom), g.removedBy ?? 'a member');
  return messages.campaigns.callStopped[g.reason](people);
}
