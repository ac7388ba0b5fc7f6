import {
  bindingLaw,
  can,
  contactRule,
  diallerWaiting,
  dialRefusal,
  contactZones,
  formatWhen,
  lawLabel,
  nextLawfulContactAt,
  serverMessages,
  recipientStates,
  stateCode,
  normalizePhone,
  type DiallerStateDto,
  type DiallerWaitingDto,
} from '@prospector/core';
import type { AuthContext } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { AnswerInstruction, SimulatedVoice, VoiceEvent } from '../../providers/voice/index.js';
import { isTeamSuspended } from '../teams/index.js';
import type { CallsErrorCode } from './calls.errors.js';
import * as qNumbers from './call-numbers.queries.js';
import * as qVoicemails from './voicemails.queries.js';
import * as qQueue from './call-queue.queries.js';
import * as qCalls from './calls.queries.js';
import * as qContacts from './call-contacts.queries.js';
import * as qSettings from './call-settings.queries.js';
import { createDiallerContext, type CampaignCallEnd, type DiallerDeps } from './dialler.context.js';
import { createOutboundEvents } from './dialler.events.js';
import { createInbound } from './dialler.inbound.js';
import { createOutbound } from './dialler.outbound.js';
import {
  apply,
  isLive,
  leftMemberDto,
  newSession,
  toCallDto,
  toMemberDto,
  toStateDto,
  type Line,
} from './dialler.sessions.js';
import { refusalCode } from './dialler.support.js';

const DAY_MS = 86_400_000;
/** How long a provider's event waits for the process that placed its call to answer (ADR 029). */
const PEER_ANSWER_MS = 3000;

type R<T> = Promise<Result<T, CallsErrorCode | 'PERMISSION_REQUIRED' | 'TEAM_SUSPENDED'>>;

export type DiallerService = ReturnType<typeof createDiallerService>;

/**
 * The power dialler: each member's session (the state machine of rules/dialler.ts), driven by the
 * member (this file), placing calls (dialler.outbound.ts), the provider's events on them
 * (dialler.events.ts) and inbound calls (dialler.inbound.ts).
 */
export function createDiallerService(deps: DiallerDeps) {
  const ctx = createDiallerContext(deps);
  const { db, clock, realtime, voice, log } = deps;
  const { sessions, bySid, told, emit, write, stateOf } = ctx;
  const events = createOutboundEvents(ctx, { pump: (s) => outbound.pump(s) });
  const outbound = createOutbound(ctx, events.finish);
  events.setCountAnswer(outbound.countAnswer);
  const inbound = createInbound(ctx, { release: events.release, restart: events.restart });
  const mayCall = (auth: AuthContext) => can(auth.user, 'calls');

  async function lineOf(sid: string) {
    // The provider may call back before placeCall has answered with the id: wait a moment for it.
    for (let i = 0; i < 25 && !bySid.has(sid); i++) await new Promise((r) => setTimeout(r, 20));
    return bySid.get(sid) ?? null;
  }

  async function onLineEvent(line: Line, e: VoiceEvent): Promise<AnswerInstruction | null> {
    if (await inbound.onEvent(line, e)) return null;
    return events.onEvent(line, e);
  }

  type PeerAnswer = { handled: boolean; answer: AnswerInstruction | null };

  async function onEvent(e: VoiceEvent): Promise<AnswerInstruction | null> {
    if (e.kind === 'ringing' || ctx.state.closed) return null;
    if (e.kind === 'incoming') return inbound.onIncoming(e);
    const line = await lineOf(e.sid);
    if (line) return onLineEvent(line, e);
    // The provider calls back whichever process the balancer picks; the line lives where it was placed.
    const answers = await deps.realtime.peers.ask<PeerAnswer | null>('voiceEvent', e, PEER_ANSWER_MS);
    const owner = answers.find((a) => a?.handled);
    return owner ? owner.answer : { kind: 'hangup' };
  }
  voice.setHandler(onEvent);
  deps.realtime.peers.on('voiceEvent', async (payload): Promise<PeerAnswer> => {
    const e = payload as VoiceEvent;
    if (ctx.state.closed || typeof e?.sid !== 'string') return { handled: false, answer: null };
    const line = await lineOf(e.sid);
    return line ? { handled: true, answer: await onLineEvent(line, e) } : { handled: false, answer: null };
  });

  async function join(auth: AuthContext): R<DiallerStateDto> {
    if (!mayCall(auth)) return fail('PERMISSION_REQUIRED');
    let s = sessions.get(auth.userId);
    if (!s) {
      const settings = await qSettings.findUserCallSettings(db, auth.userId);
      s = newSession(
        auth.teamId,
        { id: auth.userId, name: auth.user.name || auth.user.email, avatar: auth.user.avatar },
        { noStatusCalls: settings?.noStatusCalls ?? false, defaultVm: settings?.defaultVm ?? null },
      );
      sessions.set(auth.userId, s);
    }
    emit(s);
    return ok(toStateDto(s, clock.now()));
  }

  async function leave(userId: string) {
    const s = sessions.get(userId);
    if (!s) return;
    apply(s, { type: 'leave' });
    if (s.restart) clearTimeout(s.restart);
    sessions.delete(userId);
    told.delete(userId);
    await inbound.leave(userId);
    for (const l of s.lines.values())
      if (l.sid && isLive(l)) await voice.endCall(l.sid).catch(() => undefined);
    realtime.toTeam(
      s.teamId,
      'diallerMember',
      leftMemberDto({ id: s.userId, name: s.name, avatar: s.avatar }),
    );
    realtime.toUser(s.userId, 'callUpdate', { state: stateOf(userId) });
  }

  async function edit(
    auth: AuthContext,
    p: { action?: 'start' | 'pause' | 'leave' | 'done' | undefined; selectedVm?: string | null | undefined },
  ): R<DiallerStateDto> {
    if (!mayCall(auth)) return fail('PERMISSION_REQUIRED');
    const s = sessions.get(auth.userId);
    if (!s) return fail('NOT_JOINED');
    if (p.selectedVm !== undefined) {
      if (p.selectedVm && !(await qVoicemails.findVoicemail(db, auth.teamId, p.selectedVm)))
        return fail('VM_NOT_FOUND');
      apply(s, { type: 'selectVm', vmId: p.selectedVm });
    }
    if (p.action === 'leave') {
      await leave(auth.userId);
      return ok(stateOf(auth.userId));
    }
    if (p.action === 'start') {
      if (await isTeamSuspended(db, auth.teamId)) return fail('TEAM_SUSPENDED');
      if (!(await qNumbers.listNumbers(db, auth.teamId)).length) return fail('NO_PHONES');
      const refused = await outbound.planRefusalNow(auth.teamId);
      if (refused) {
        s.notice = refused;
        emit(s);
        return fail('PLAN_CALL_LIMIT', refused);
      }
      s.notice = null;
      apply(s, { type: 'start' });
    }
    if (p.action === 'pause') {
      apply(s, { type: 'pause' });
      if (s.restart) clearTimeout(s.restart);
      s.restart = null;
    }
    if (p.action === 'done') {
      if (s.shown && isLive(s.shown) && s.shown.sid) await voice.endCall(s.shown.sid).catch(() => undefined);
      s.shown = null;
      apply(s, { type: 'done' });
    }
    emit(s);
    if (p.action === 'start' || p.action === 'done') void outbound.pump(s);
    return ok(toStateDto(s, clock.now()));
  }

  /** Dials a record now (click to call), from the caller's dialler session. */
  async function newCall(auth: AuthContext, itemId: string): R<ReturnType<typeof toCallDto>> {
    if (!mayCall(auth)) return fail('PERMISSION_REQUIRED');
    const access = await deps.records.access(auth, itemId);
    if (!access.ok) return fail('CALL_NOT_FOUND');
    if (await isTeamSuspended(db, auth.teamId)) return fail('TEAM_SUSPENDED');
    const joined = await join(auth);
    if (!joined.ok) return joined;
    const s = sessions.get(auth.userId)!;
    if (s.state.onCall) return fail('ON_CALL');
    const numbers = await qNumbers.listNumbers(db, auth.teamId);
    if (!numbers.length) return fail('NO_PHONES');
    const c = await qContacts.findContact(db, auth.teamId, itemId);
    const phone = c?.phone ? { value: c.phone, status: c.phoneStatus ?? '' } : null;
    const tz = (await qContacts.teamTimezone(db, auth.teamId)) ?? 'UTC';
    const states = recipientStates({
      addressStates: [c?.addressState],
      areaCodeState: phone && deps.stateOf ? await deps.stateOf(phone.value) : null,
    });
    const zones = contactZones(
      phone ? await deps.zonesOf(phone.value) : [],
      [stateCode(c?.addressState)].filter((x) => x !== null),
    );
    const hours = await qContacts.teamContactHours(db, auth.teamId);
    const now = clock.now();
    const recent = phone
      ? ((await qCalls.recentContacts(db, [itemId], new Date(now.getTime() - DAY_MS))).get(
          `${itemId}|${phone.value}`,
        ) ?? [])
      : [];
    const refusal = dialRefusal(phone, zones, now, tz, states, hours, recent);
    if (refusal === 'lawDailyCap') {
      // Says which state's law, and when the member may call: the limit's end, in the contact's hours.
      const rule = contactRule(states, hours);
      const at = nextLawfulContactAt(rule, zones, recent, now, tz);
      const law = lawLabel(bindingLaw(rule, 'lawDailyCap'));
      if (law && rule.maxPer24h !== null)
        return fail(
          'LAW_DAILY_CAP',
          serverMessages.dialler.lawDailyCapCall(law, rule.maxPer24h, formatWhen(at.toISOString(), tz, now)),
        );
    }
    if (refusal) return fail(refusalCode(refusal));
    const refused = await outbound.planRefusalNow(auth.teamId);
    if (refused) return fail('PLAN_CALL_LIMIT', refused);
    const entry = await qQueue.findEntry(db, auth.teamId, auth.userId, itemId);
    const queued = !!entry && (await qQueue.claimEntry(db, entry.id, 'Ringing'));
    const line = await outbound.place(
      s,
      { itemId, name: c!.name, phone: phone!.value, campaignId: entry?.campaignId ?? null },
      numbers,
      queued,
    );
    return ok(toCallDto(line, clock.now()));
  }

  return {
    join,
    edit,
    leave,
    newCall,
    answerInbound: inbound.answer,
    declineInbound: inbound.decline,
    state: (auth: AuthContext) => stateOf(auth.userId),
    /** Why the member's queued contacts are not being called now (rules/dialler-waiting.ts). */
    async waiting(auth: AuthContext): Promise<DiallerWaitingDto> {
      const [facts, tz, settings, hours] = await Promise.all([
        qQueue.queueFacts(db, auth.teamId, auth.userId),
        qContacts.teamTimezone(db, auth.teamId),
        sessions.get(auth.userId)?.settings ?? qSettings.findUserCallSettings(db, auth.userId),
        qContacts.teamContactHours(db, auth.teamId),
      ]);
      const now = clock.now();
      const recentOf = await qCalls.recentContacts(
        db,
        facts.filter((f) => f.callStatus === null).map((f) => f.itemId),
        new Date(now.getTime() - DAY_MS),
      );
      const entries = await Promise.all(
        facts.map(async (f) => ({
          recent: f.phone ? (recentOf.get(`${f.itemId}|${f.phone}`) ?? []) : [],
          callStatus: f.callStatus,
          phone: f.phone ? { value: f.phone, status: f.phoneStatus ?? ('' as const) } : null,
          zones: contactZones(
            f.phone ? await deps.zonesOf(f.phone) : [],
            [stateCode(f.addressState)].filter((x) => x !== null),
          ),
          states: recipientStates({
            addressStates: [f.addressState],
            areaCodeState: f.phone && deps.stateOf ? await deps.stateOf(f.phone) : null,
          }),
          hasStatus: f.hasStatus,
        })),
      );
      const w = diallerWaiting(entries, now, tz ?? 'UTC', {
        noStatusCalls: settings?.noStatusCalls ?? false,
        team: hours,
      });
      return {
        callable: w.callable,
        groups: w.groups.map((g) => ({ ...g, until: g.until?.toISOString() ?? null })),
        nextCallAt: w.nextCallAt?.toISOString() ?? null,
        timezone: tz ?? 'UTC',
      };
    },
    members: (teamId: string) => [...sessions.values()].filter((s) => s.teamId === teamId).map(toMemberDto),
    async endCalls(auth: AuthContext, sids: string[]) {
      let ended = 0;
      for (const sid of sids) {
        const line = bySid.get(sid);
        if (!line || line.userId !== auth.userId) continue;
        await voice.endCall(sid).catch((err: unknown) => log.warn({ err }, 'call not ended'));
        ended += 1;
      }
      return ended;
    },
    /** Drops a voicemail into a line that reached a machine ('Leaving VM'). */
    async leaveVm(auth: AuthContext, sid: string, vmId: string | undefined): R<ReturnType<typeof toCallDto>> {
      const line = bySid.get(sid);
      if (!line || line.userId !== auth.userId) return fail('CALL_NOT_FOUND');
      if (line.status !== 'Machine') return fail('NOT_MACHINE');
      const chosen = vmId ?? sessions.get(auth.userId)?.state.selectedVm ?? null;
      if (!chosen) return fail('NO_VM_SELECTED');
      if (!(await qVoicemails.findVoicemail(db, auth.teamId, chosen))) return fail('VM_NOT_FOUND');
      if (await isTeamSuspended(db, auth.teamId)) return fail('TEAM_SUSPENDED');
      line.status = 'Leaving VM';
      line.vmId = chosen;
      void write(line, () => qCalls.updateCall(db, line.callId, { status: 'Leaving VM', vmId: chosen }));
      try {
        await voice.playIntoCall(sid, deps.vmLink(chosen));
      } catch {
        return fail('VOICE_FAILED');
      }
      const s = sessions.get(auth.userId);
      if (s) emit(s);
      return ok(toCallDto(line, clock.now()));
    },
    /**
     * The simulated line only: a contact of the team with a phone (or a fictional 555-01xx number)
     * calls the team's first number now.
     */
    async simulateInbound(auth: AuthContext): R<{ callId: string; from: string }> {
      if (!mayCall(auth)) return fail('PERMISSION_REQUIRED');
      if (voice.name !== 'simulated') return fail('NOT_SIMULATED');
      const [number] = await qNumbers.listNumbers(db, auth.teamId);
      if (!number) return fail('NO_PHONES');
      const from =
        (await qContacts.randomContactPhone(db, auth.teamId)) ??
        normalizePhone(`91655501${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`)!;
      const { sid } = await (voice as SimulatedVoice).simulateIncoming({ from, to: number.number });
      const callId = bySid.get(sid)?.callId;
      // The answer comes once the call is on the record (a missed call's task and message too).
      await ctx.idle();
      return ok({ callId: callId ?? sid, from });
    },
    /** The member's call settings changed: their session dials by the new ones. */
    settingsChanged(userId: string, settings: { noStatusCalls: boolean; defaultVm: string | null }) {
      const s = sessions.get(userId);
      if (s) s.settings = settings;
    },
    /** Hears every end of a campaign's queued call (and every skip): follow-up calls (ADR 046). */
    onCampaignCall(fn: (e: CampaignCallEnd) => Promise<void>) {
      ctx.campaignCallListeners.push(fn);
    },
    /** A campaign's queued call was taken out of a queue before it was dialled (ADR 056). */
    campaignCallRemoved: (e: CampaignCallEnd) => ctx.campaignCallEnded(e),
    /** Asks before each campaign call is dialled whether it is still due (follow-up calls, ADR 046). */
    onFollowUpDue(
      fn: (e: { teamId: string; campaignId: string; itemId: string; at: Date }) => Promise<boolean>,
    ) {
      ctx.followUpGates.push(fn);
    },
    /** Runs a dialling round for a member now (a queue was filled). */
    wake(userId: string) {
      const s = sessions.get(userId);
      if (s) void outbound.pump(s);
    },
    /** Waits for the members' rounds and line writes (tests, shutdown). */
    async settle() {
      await Promise.all([...sessions.values()].map((s) => s.pumping));
      await inbound.settle();
      await ctx.idle();
    },
    async close() {
      ctx.state.closed = true;
      for (const userId of [...sessions.keys()]) await leave(userId);
    },
  };
}
