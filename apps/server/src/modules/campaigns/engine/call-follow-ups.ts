import { decideCallFollowUp } from '@prospector/core';
import type { Db } from '../../../db/client.js';
import {
  claimDueRecipients,
  queuedFollowUpCall,
  writeCallSteps,
  type CampaignRow,
  type DueRow,
} from './campaign-engine.queries.js';
import type { EngineContext, TickReport } from './campaign-engine.deps.js';
import { recipientFacts } from './recipient-facts.queries.js';

type CallStep = Parameters<typeof writeCallSteps>[1][number];

const DAY_MS = 86_400_000;
/** A contact back in a queue waits there until its call ends (the queue has no time limit). */
const IN_QUEUE_MS = 365 * DAY_MS;
/** Follow-up calls a call campaign queues in one tick, at most. */
const CALL_STEPS_PER_TICK = 500;

/** What deciding a follow-up call reads of a recipient's row. */
const followUpOf = (r: Pick<DueRow, 'followUp' | 'identifierId' | 'statusId' | 'lastMessage' | 'tried'>) => ({
  followUp: r.followUp,
  identifierId: r.identifierId,
  statusId: r.statusId,
  lastMessage: r.lastMessage,
  tried: r.tried,
});

/** The due contacts a follow-up call no longer fits are stopped; the others are to be queued again. */
async function decideCallSteps(tx: Db, c: CampaignRow, due: DueRow[], now: Date) {
  const facts = await recipientFacts(
    tx,
    due.map((r) => r.itemId),
    now,
  );
  const rows: CallStep[] = [];
  const toQueue: { id: string; itemId: string }[] = [];
  for (const r of due) {
    const d = decideCallFollowUp(
      { ...followUpOf(r), state: r.state },
      { phones: facts.phonesOf(r.itemId), manualAt: facts.manualAt(r.itemId) },
      c,
    );
    if (d.kind === 'stop')
      rows.push({
        id: r.id,
        state: 'stopped',
        reason: d.reason,
        nextAt: now.toISOString(),
        waitReason: null,
      });
    else toQueue.push({ id: r.id, itemId: r.itemId });
  }
  return { rows, toQueue };
}

/** The contacts to queue again: those queued wait in the queue, the others look again later. */
function queuedSteps(toQueue: { id: string; itemId: string }[], queued: { itemId: string }[], now: Date) {
  const later = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const done = new Set(queued.map((x) => x.itemId));
  return toQueue.map((x): CallStep =>
    done.has(x.itemId)
      ? { id: x.id, state: 'waiting', reason: null, nextAt: later(IN_QUEUE_MS), waitReason: 'inCallQueue' }
      : // Still queued for another campaign: looked at again in an hour.
        { id: x.id, state: 'pending', reason: null, nextAt: later(60 * 60_000), waitReason: null },
  );
}

/**
 * A call campaign's due follow-up calls (ADR 046): each contact whose wait after an unanswered call
 * ended is checked as a text follow-up is (a reply, a member's own text or call, DNC or Wrong #, a
 * closed status stop it) and otherwise goes back into the queue of the member who called it.
 */
export async function runCallFollowUps(ctx: EngineContext, c: CampaignRow, now: Date, report: TickReport) {
  const requeue = ctx.requeueCalls;
  if (!requeue) return;
  const woken = await ctx.db.transaction(async (tx) => {
    const due = await claimDueRecipients(tx, c.id, now, CALL_STEPS_PER_TICK);
    if (due.length === 0) return { users: [] as string[], moved: 0 };
    const { rows, toQueue } = await decideCallSteps(tx, c, due, now);
    const queued = await requeue(
      tx,
      c.teamId,
      c.id,
      toQueue.map((x) => x.itemId),
    );
    rows.push(...queuedSteps(toQueue, queued, now));
    await writeCallSteps(tx, rows);
    report.requeued += queued.length;
    report.stopped += rows.filter((x) => x.state === 'stopped').length;
    return { users: queued.map((x) => x.userId), moved: rows.length };
  });
  if (woken.users.length) ctx.wakeCallers?.(woken.users);
  if (woken.moved) ctx.realtime.toTeam(c.teamId, 'campaignChanged', { campaignId: c.id });
}

/**
 * Whether a follow-up call waiting in a queue is still to be dialled, asked by the dialler just
 * before it dials it (ADR 046 addendum): decided again as the tick decided it when it queued it (a
 * reply or opt-out, a member's own text or call, the number DNC or Wrong #, a status the campaign
 * does not target stop it). A stopped one gets its stop reason on its row; the dialler drops the
 * entry. Anything that is not a queued follow-up call is dialled as before.
 */
export async function followUpStillDue(
  ctx: EngineContext,
  e: { teamId: string; campaignId: string; itemId: string; at: Date },
) {
  const r = await queuedFollowUpCall(ctx.db, e.teamId, e.campaignId, e.itemId);
  if (!r) return true;
  const facts = await recipientFacts(ctx.db, [e.itemId], e.at);
  const d = decideCallFollowUp(
    { ...followUpOf(r), state: r.state as 'waiting' },
    { phones: facts.phonesOf(e.itemId), manualAt: facts.manualAt(e.itemId) },
    { createdAt: new Date(r.createdAt), statusIds: r.statusIds },
  );
  if (d.kind === 'queue') return true;
  await writeCallSteps(ctx.db, [
    { id: r.id, state: 'stopped', reason: d.reason, nextAt: e.at.toISOString(), waitReason: null },
  ]);
  ctx.realtime.toTeam(e.teamId, 'campaignChanged', { campaignId: e.campaignId });
  return false;
}
