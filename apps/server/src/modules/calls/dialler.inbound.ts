import { randomUUID } from 'node:crypto';
import {
  INBOUND_RING_MS,
  contactCreatedData,
  formatPhone,
  inboundOutcome,
  messages,
  mayReadRecord,
  missedCallRecipients,
  normalizePhone,
  routeInbound,
  type CallDto,
} from '@prospector/core';
import type { AuthContext } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { AnswerInstruction, CallOutcome, VoiceEvent } from '../../providers/voice/index.js';
import type { CallsErrorCode } from './calls.errors.js';
import { createContactFromCall } from '../records/index.js';
import { findTeamCountry } from '../teams/index.js';
import * as qNumbers from './call-numbers.queries.js';
import * as qCalls from './calls.queries.js';
import * as qContacts from './call-contacts.queries.js';
import * as qSettings from './call-settings.queries.js';
import type { DiallerContext } from './dialler.context.js';
import { writeCallMessage } from './dialler.events.js';
import { apply, isIdle, toCallDto, type Line, type Session } from './dialler.sessions.js';

type R<T> = Promise<Result<T, CallsErrorCode>>;
const m = messages.dialler;

/**
 * A caller the team does not have becomes a new contact, announced to subscriptions as every contact
 * made is, whichever way (ADR 045 addendum).
 */
async function callerContact(deps: DiallerContext['deps'], line: Line, now: Date): Promise<string> {
  const id = await createContactFromCall(deps.db, { teamId: line.teamId, phone: line.phone, at: now });
  deps.events?.publish(
    line.teamId,
    'contact.created',
    contactCreatedData({ contactId: id, phones: [line.phone], emails: [], createdAt: now, source: 'call' }),
  );
  return id;
}

/**
 * Inbound calls (issue 19 item 5, ADR 022): a call to a team number finds the caller's record by
 * phone, then is forwarded (the status's forwardTo, a forwardOnly assignee) or rings the browsers of
 * the idle members in the dialler, where the first to accept takes it. Nobody answering within the
 * ring time, or nobody to ring, is a missed call: a notification and a task for the record's
 * assignees, else the team's admins. Every inbound call is a message in the record's thread; an
 * unknown caller becomes a new contact when the call ends, so the call and its task have a home.
 */
export function createInbound(
  ctx: DiallerContext,
  hooks: { release: (line: Line) => Session | undefined; restart: (s: Session) => void },
) {
  const { deps, sessions, bySid, emit, write } = ctx;
  const { db, clock, voice, log } = deps;
  const ringMs = deps.inboundRingMs ?? INBOUND_RING_MS;
  /** Inbound lines still ringing or live, by call id. */
  const lines = new Map<string, Line>();

  /** Stops the line ringing the members' browsers (it was taken, declined by all, or ended). */
  function withdraw(line: Line, except?: string) {
    if (line.ringTimer) clearTimeout(line.ringTimer);
    line.ringTimer = null;
    for (const userId of line.offeredTo ?? []) {
      const s = sessions.get(userId);
      if (!s?.offers.delete(line.callId) || userId === except) continue;
      emit(s);
    }
    line.offeredTo?.clear();
  }

  async function onIncoming(e: Extract<VoiceEvent, { kind: 'incoming' }>): Promise<AnswerInstruction> {
    const number = await qNumbers.findNumberOwner(db, e.to);
    if (!number) return { kind: 'hangup' };
    const teamId = number.teamId;
    const from = normalizePhone(e.from) ?? e.from;
    const itemId = await qContacts.findContactByPhone(db, teamId, from);
    const contact = itemId ? await qContacts.findContact(db, teamId, itemId) : null;
    const [setting, members] = await Promise.all([
      qSettings.statusCallSettingsOf(db, contact?.statusId ?? null),
      qContacts.inboundMembers(db, teamId),
    ]);
    const route = routeInbound({
      status: setting && { forward: setting.forward, forwardTo: setting.forwardTo },
      recordFound: !!contact,
      assignedTo: contact?.assignedTo ?? [],
      members: members.map((u) => {
        const s = sessions.get(u.id);
        return {
          userId: u.id,
          inDialler: !!s && s.teamId === teamId,
          idle: !!s && isIdle(s),
          forwardOnly: u.forwardOnly,
          forwardNumber: u.forwardNumber ?? u.phone,
          isAdmin: u.role === 'admin',
          seesAllData: mayReadRecord({ id: u.id, role: u.role, dataAccess: u.dataAccess }, []),
        };
      }),
    });
    const now = clock.now();
    const line: Line = {
      callId: randomUUID(),
      sid: e.sid,
      teamId,
      userId: route.kind === 'forward' ? route.userId : null,
      itemId: contact?.id ?? null,
      campaignId: null,
      direction: 'in',
      phone: from,
      from: e.to,
      name: contact?.name ?? '',
      status: 'Ringing',
      startedAt: now,
      answeredAt: null,
      cancelled: false,
      vmId: null,
      endedAt: null,
      durationMs: 0,
      writes: Promise.resolve(),
      offeredTo: new Set(route.kind === 'ring' ? route.userIds : []),
      forwardedTo: route.kind === 'forward' ? route.userId : null,
      assignedTo: contact?.assignedTo ?? [],
      ringTimer: null,
    };
    bySid.set(e.sid, line);
    lines.set(line.callId, line);
    void write(line, () =>
      qCalls.insertCall(db, {
        id: line.callId,
        teamId,
        userId: line.userId,
        itemId: line.itemId,
        direction: 'in',
        fromNumber: from,
        toNumber: e.to,
        sid: e.sid,
        status: 'Ringing',
        startedAt: now,
      }),
    );
    if (route.kind === 'forward')
      return { kind: 'forward', number: route.number, callerId: e.to, timeoutMs: ringMs };
    if (route.kind === 'missed') {
      void finish(line, 'no-answer', 0);
      return { kind: 'hangup' };
    }
    for (const userId of route.userIds) {
      const s = sessions.get(userId)!;
      s.offers.set(line.callId, line);
      emit(s);
    }
    line.ringTimer = setTimeout(() => void giveUp(line), ringMs);
    return { kind: 'ring', identities: route.userIds, callId: line.callId, timeoutMs: ringMs };
  }

  /** Nobody answered in time, or everybody declined: hang up and record a missed call. */
  async function giveUp(line: Line) {
    withdraw(line);
    if (line.sid) await voice.endCall(line.sid).catch((err: unknown) => log.warn({ err }, 'not hung up'));
    await finish(line, 'no-answer', 0);
  }

  async function finish(line: Line, outcome: CallOutcome, durationMs: number) {
    if (line.endedAt) return;
    withdraw(line);
    const answered = line.status === 'In call';
    const now = clock.now();
    const status = inboundOutcome({ answered, forwarded: !!line.forwardedTo, outcome, durationMs });
    line.status = status;
    line.endedAt = now;
    line.durationMs = answered
      ? durationMs || (line.answeredAt ? now.getTime() - line.answeredAt.getTime() : 0)
      : status === 'Forwarded'
        ? durationMs
        : 0;
    lines.delete(line.callId);
    const s = hooks.release(line);
    await write(line, async () => {
      if (!line.itemId) line.itemId = await callerContact(deps, line, now);
      await qCalls.updateCall(db, line.callId, {
        status,
        endedAt: now,
        durationMs: line.durationMs,
        itemId: line.itemId,
        ...(status === 'Forwarded' ? { answered: true } : {}),
      });
      await writeCallMessage(ctx, line, status, now);
      if (status === 'Missed') await tellMissed(line, now);
    });
    if (s) hooks.restart(s);
  }

  /** A notification and a task to call back, for the record's assignees or else the team's admins. */
  async function tellMissed(line: Line, now: Date) {
    const recipients = missedCallRecipients(
      line.assignedTo ?? [],
      await qContacts.teamAdmins(db, line.teamId),
    );
    if (!recipients.length || !line.itemId) return;
    const phone = formatPhone(line.phone, await findTeamCountry(db, line.teamId));
    await deps.tasks.addForTeam({
      teamId: line.teamId,
      itemId: line.itemId,
      text: m.missedCallTask.replace('{phone}', phone),
      assignedTo: recipients,
      due: now,
    });
    const push = await deps.notifications.notify(db, {
      teamId: line.teamId,
      senderId: null,
      recipients,
      body: m.missedCall.replace('{phone}', phone),
      targetId: line.itemId,
    });
    await push();
  }

  return {
    onIncoming,
    /** A provider event on an inbound line; false when the line is not inbound. */
    async onEvent(line: Line, e: VoiceEvent): Promise<boolean> {
      if (line.direction !== 'in') return false;
      if (e.kind === 'ended') await finish(line, e.outcome, e.durationMs);
      return true;
    },

    /** The first member to accept takes the call; the others' browsers stop ringing. */
    async answer(auth: AuthContext, callId: string): R<CallDto> {
      const line = lines.get(callId);
      if (line && line.teamId === auth.teamId && line.status === 'In call') return fail('CALL_TAKEN');
      if (!line || line.status !== 'Ringing' || !line.offeredTo?.has(auth.userId)) return fail('NO_INCOMING');
      const s = sessions.get(auth.userId);
      if (!s) return fail('NOT_JOINED');
      if (s.state.onCall) return fail('ON_CALL');
      // Taken with no await since the checks: a second accept finds it 'In call'.
      const now = clock.now();
      line.userId = auth.userId;
      line.status = 'In call';
      line.answeredAt = now;
      withdraw(line, auth.userId);
      s.lines.set(line.callId, line);
      s.shown = line;
      s.onCallSince = now;
      apply(s, {
        type: 'callStarted',
        call: { _id: line.callId, direction: 'in', sid: line.sid!, itemId: line.itemId },
      });
      emit(s);
      void write(line, () =>
        qCalls.updateCall(db, line.callId, {
          userId: auth.userId,
          status: 'In call',
          answered: true,
          answeredAt: now,
        }),
      );
      await voice
        .connectInbound(line.sid!, auth.userId)
        .catch((err: unknown) => log.warn({ err }, 'not connected'));
      return ok(toCallDto(line, now));
    },

    /** Stops the call ringing this member; nobody left ringing makes it a missed call. */
    async decline(auth: AuthContext, callId: string): R<true> {
      const line = lines.get(callId);
      if (!line || line.status !== 'Ringing' || !line.offeredTo?.has(auth.userId)) return fail('NO_INCOMING');
      line.offeredTo.delete(auth.userId);
      const s = sessions.get(auth.userId);
      if (s?.offers.delete(callId)) emit(s);
      if (line.offeredTo.size === 0) await giveUp(line);
      return ok(true);
    },

    /** A member leaves: their browser stops ringing; nobody left ringing makes it a missed call. */
    async leave(userId: string) {
      for (const line of lines.values())
        if (line.status === 'Ringing' && line.offeredTo?.delete(userId) && line.offeredTo.size === 0)
          await giveUp(line);
    },

    /** Waits for the inbound lines' writes (tests). */
    async settle() {
      await Promise.all([...lines.values()].map((l) => l.writes));
    },
  };
}
