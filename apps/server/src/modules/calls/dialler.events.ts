import {
  callCountsAsContact,
  callMessageBody,
  onAnswered,
  restartDelay,
  voicemailToDrop,
  type CallStatus,
} from '@prospector/core';
import type { AnswerInstruction, CallOutcome, VoiceEvent } from '../../providers/voice/index.js';
import { addCallToThread } from '../records/index.js';
import * as qQueue from './call-queue.queries.js';
import * as qCalls from './calls.queries.js';
import * as qContacts from './call-contacts.queries.js';
import * as qSettings from './call-settings.queries.js';
import type { DiallerContext } from './dialler.context.js';
import { apply, type Line, type Session } from './dialler.sessions.js';
import { toCallMessageDto } from './dialler.support.js';

/** A line's place in the record's thread: the call message, pushed to the record's viewers. */
export async function writeCallMessage(ctx: DiallerContext, line: Line, status: CallStatus, now: Date) {
  if (!line.itemId) return;
  const m = await addCallToThread(ctx.deps.db, {
    teamId: line.teamId,
    itemId: line.itemId,
    body: callMessageBody({ direction: line.direction, status, durationMs: line.durationMs }),
    direction: line.direction,
    phone: line.phone,
    from: line.from,
    senderId: line.userId,
    status,
    vmUrl: line.vmId ? `/api/calls/vm/${line.vmId}` : null,
    at: now,
    isContact: callCountsAsContact(status),
  });
  await ctx.deps.realtime.toRecord(line.teamId, line.itemId, 'messageAdded', {
    itemId: line.itemId,
    message: toCallMessageDto(m),
  });
  ctx.deps.events?.publish(line.teamId, 'call.ended', {
    callId: line.callId,
    contactId: line.itemId,
    direction: line.direction,
    phone: line.phone,
    durationSeconds: Math.round(line.durationMs / 1000),
    outcome: status,
    endedAt: now.toISOString(),
  });
}

/**
 * The provider's events on outbound lines: answered (connect, or abandon with the identification),
 * a machine (hold for a voicemail, or drop the autoRvm status's one with no click), and the end
 * (the thread's message, the queue entry's status, and the 0.5 s restart).
 */
export function createOutboundEvents(ctx: DiallerContext, hooks: { pump: (s: Session) => Promise<void> }) {
  const { deps, sessions, bySid, emit, write } = ctx;
  const { db, clock, realtime, voice, log } = deps;
  let countAnswer: (line: Line, abandoned: boolean) => void = () => undefined;

  function sessionOf(line: Line) {
    return line.userId ? sessions.get(line.userId) : undefined;
  }

  async function onAnswer(line: Line): Promise<AnswerInstruction> {
    const s = sessionOf(line);
    const now = clock.now();
    line.answeredAt = now;
    const ringing = s ? [...s.lines.values()].filter((l) => l.status === 'Ringing').map((l) => l.callId) : [];
    const d =
      s && s.state.active ? onAnswered(s.state, line.callId, ringing) : ({ outcome: 'abandon' } as const);
    countAnswer(line, d.outcome === 'abandon');
    if (d.outcome === 'abandon') {
      line.status = 'Abandoned';
      void write(line, () =>
        qCalls.updateCall(db, line.callId, { status: 'Abandoned', answered: true, answeredAt: now }),
      );
      if (s) emit(s);
      return { kind: 'play', url: deps.identificationUrl };
    }
    line.status = 'In call';
    s!.shown = line;
    s!.onCallSince = now;
    apply(s!, {
      type: 'callStarted',
      call: { _id: line.callId, direction: 'out', sid: line.sid!, itemId: line.itemId },
    });
    for (const id of d.cancel) {
      const other = s!.lines.get(id);
      if (!other?.sid) continue;
      other.cancelled = true;
      void voice.endCall(other.sid).catch((err: unknown) => log.warn({ err }, 'ringing line not cancelled'));
    }
    void write(line, () =>
      qCalls.updateCall(db, line.callId, { status: 'In call', answered: true, answeredAt: now }),
    );
    if (line.itemId)
      void write(line, () => qQueue.setEntryStatus(db, line.teamId, line.itemId!, 'In call', true));
    emit(s!);
    return { kind: 'bridge', identity: line.userId! };
  }

  /** A machine: the autoRvm status's voicemail (else the member's default, else the one selected). */
  async function onMachine(line: Line): Promise<AnswerInstruction> {
    const s = sessionOf(line);
    line.status = 'Machine';
    const contact = line.itemId ? await qContacts.findContact(db, line.teamId, line.itemId) : null;
    const setting = await qSettings.statusCallSettingsOf(db, contact?.statusId ?? null);
    const auto = voicemailToDrop(
      setting && { autoRvm: setting.autoRvm, selectedVm: setting.selectedVm },
      s?.settings.defaultVm ?? s?.state.selectedVm ?? null,
    );
    if (auto) {
      line.status = 'Leaving VM';
      line.vmId = auto;
    }
    void write(line, () => qCalls.updateCall(db, line.callId, { status: line.status, vmId: line.vmId }));
    if (line.itemId)
      void write(line, () => qQueue.setEntryStatus(db, line.teamId, line.itemId!, line.status, true));
    if (s) emit(s);
    return auto ? { kind: 'play', url: deps.vmLink(auto) } : { kind: 'hold' };
  }

  function finalStatus(line: Line, outcome: CallOutcome): CallStatus {
    if (line.status === 'In call') return 'Done';
    if (line.status === 'Leaving VM' || line.status === 'Abandoned' || line.status === 'Failed')
      return line.status;
    if (line.status === 'Machine') return 'No answer';
    if (line.cancelled || outcome === 'canceled') return 'Cancelled';
    return outcome === 'failed' ? 'Failed' : 'No answer';
  }

  /** Ends the member's shown call, if it is this line, and lets the member dial on. */
  function release(line: Line): Session | undefined {
    if (line.sid) bySid.delete(line.sid);
    const s = sessionOf(line);
    if (!s) return undefined;
    s.lines.delete(line.callId);
    if (s.shown === line) {
      apply(s, { type: 'callEnded' });
      s.onCallSince = null;
    }
    return s;
  }

  function restart(s: Session) {
    emit(s);
    realtime.toUser(s.userId, 'queueChanged', {});
    const delay = restartDelay(s.state);
    if (delay !== null && !s.restart)
      s.restart = setTimeout(() => {
        s.restart = null;
        void hooks.pump(s);
      }, delay);
  }

  async function finish(line: Line, outcome: CallOutcome, durationMs: number, queued: boolean) {
    if (line.endedAt) return;
    const status = finalStatus(line, outcome);
    const now = clock.now();
    line.status = status;
    line.endedAt = now;
    line.durationMs = durationMs || (line.answeredAt ? now.getTime() - line.answeredAt.getTime() : 0);
    const s = release(line);
    await write(line, async () => {
      await qCalls.updateCall(db, line.callId, { status, endedAt: now, durationMs: line.durationMs });
      if (!line.itemId) return;
      if (queued) await qQueue.setEntryStatus(db, line.teamId, line.itemId, status, false);
      await writeCallMessage(ctx, line, status, now);
      // A campaign's queued call: its contact's step is over (follow-up calls, ADR 046).
      if (queued && line.campaignId)
        await ctx.campaignCallEnded({
          teamId: line.teamId,
          campaignId: line.campaignId,
          itemId: line.itemId,
          status,
          at: now,
        });
    });
    if (s) restart(s);
  }

  async function onEvent(line: Line, e: VoiceEvent): Promise<AnswerInstruction | null> {
    if (e.kind === 'answered') return onAnswer(line);
    if (e.kind === 'machine') return onMachine(line);
    if (e.kind === 'ended') await finish(line, e.outcome, e.durationMs, true);
    return null;
  }

  return {
    onEvent,
    finish,
    release,
    restart,
    setCountAnswer(fn: (line: Line, abandoned: boolean) => void) {
      countAnswer = fn;
    },
  };
}
