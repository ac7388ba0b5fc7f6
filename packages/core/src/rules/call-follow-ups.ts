import type { CampaignPhone, DueRecipient, RecipientStopReason } from './campaign-recipients.js';
import { recipientPhone } from './campaign-recipients.js';
import type { CallStatus, DialRefusal } from './dialler.js';

/**
 * Follow-up calls in a call campaign (issue 32 item 1, ADR 046): "if no answer after N days, call
 * again". Each contact of a call campaign has a recipient row as a text campaign's contacts do; its
 * call in a member's queue is its step, and when that call ends the row moves on: a person answered
 * (the call campaign's reply) ends the sequence, anything else waits N days for the next step. A due
 * step stops, as a text follow-up does, on a reply, an opt-out, a Wrong # or DNC phone, a closed status,
 * or a member's own text or call; otherwise the contact goes back into the queue.
 */

const DAY_MS = 24 * 60 * 60_000;

/** Outcomes of a campaign's call where a person took it: the sequence ends (counted as its reply). */
const ANSWERED: readonly CallStatus[] = ['Done', 'Forwarded'];

export type CallStepEnd =
  | { state: 'stopped'; reason: 'replied' }
  | { state: 'stopped' | 'skipped'; reason: Extract<RecipientStopReason, 'optOut' | 'blocked' | 'noPhone'> }
  /** The next step is due at `nextAt` (its index in `followUp`). */
  | { state: 'pending'; followUp: number; nextAt: Date }
  | { state: 'done' };

/**
 * What the end of a campaign's call does to its contact's sequence. `followUp` is the step the call
 * belonged to (0: the first call); `afterDays` of each follow-up, in order. A call the dialler skipped
 * (DNC, Wrong #, no phone: `refusal`) stops it as a text campaign stops on such a phone. Voicemail,
 * no answer, a machine, a call cancelled because another line answered or abandoned all leave the
 * contact unreached: the next step follows.
 */
export function afterCampaignCall(
  status: CallStatus,
  followUp: number,
  followUps: readonly { afterDays: number }[],
  at: Date,
  refusal?: DialRefusal | null,
): CallStepEnd {
  if (status === 'Skipped') {
    if (refusal === 'dnc') return { state: 'stopped', reason: 'optOut' };
    if (refusal === 'noPhone') return { state: 'skipped', reason: 'noPhone' };
    return { state: 'stopped', reason: 'blocked' };
  }
  if (ANSWERED.includes(status)) return { state: 'stopped', reason: 'replied' };
  const next = followUps[followUp];
  if (!next) return { state: 'done' };
  return {
    state: 'pending',
    followUp: followUp + 1,
    nextAt: new Date(at.getTime() + next.afterDays * DAY_MS),
  };
}

export type CallFollowUpDecision =
  | { kind: 'stop'; state: 'stopped'; reason: RecipientStopReason }
  /** Back into the queue, to call `phone` (the number called before). */
  | { kind: 'queue'; phone: CampaignPhone };

/**
 * Whether a contact due for a follow-up call is called again, checked in the order a text follow-up
 * checks them (decideRecipient): a text from them since the campaign began, a member's own text or call
 * (a call outside any campaign), the phone called before now DNC or Wrong #, a status the campaign does
 * not target (the team closed it).
 */
export function decideCallFollowUp(
  r: Pick<DueRecipient, 'followUp' | 'identifierId' | 'statusId' | 'lastMessage' | 'state' | 'tried'>,
  facts: { phones: readonly CampaignPhone[]; manualAt: Date | null },
  campaign: { createdAt: Date; statusIds: readonly string[] },
): CallFollowUpDecision {
  const since = campaign.createdAt.getTime();
  const lm = r.lastMessage;
  if (lm?.direction === 'in' && new Date(lm.createdAt).getTime() >= since)
    return { kind: 'stop', state: 'stopped', reason: 'replied' };
  if (facts.manualAt && facts.manualAt.getTime() >= since)
    return { kind: 'stop', state: 'stopped', reason: 'manual' };
  const phone = recipientPhone({ ...r, followUp: Math.max(1, r.followUp ?? 1) }, facts.phones).next;
  if (!phone) {
    const same = facts.phones.find((p) => p.id === r.identifierId);
    return { kind: 'stop', state: 'stopped', reason: same?.status === 'DNC' ? 'optOut' : 'blocked' };
  }
  if (!r.statusId || !campaign.statusIds.includes(r.statusId))
    return { kind: 'stop', state: 'stopped', reason: 'status' };
  return { kind: 'queue', phone };
}
