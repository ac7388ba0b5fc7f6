import { randomUUID } from 'node:crypto';
import {
  ABANDON_WINDOW_DAYS,
  allowedLines,
  callCountsAsContact,
  callMessageBody,
  can,
  dialRefusal,
  itemsToDial,
  onAnswered,
  restartDelay,
  voicemailToDrop,
  type CallStatus,
  type DiallerStateDto,
} from '@prospector/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { Realtime } from '../../plugins/realtime.js';
import type { PhoneZones } from '../../providers/phone-zones/index.js';
import type {
  AnswerInstruction,
  CallOutcome,
  VoiceEvent,
  VoiceProvider,
} from '../../providers/voice/index.js';
import type { RecordsService } from '../records/index.js';
import type { CallsErrorCode } from './calls.errors.js';
import * as q from './calls.queries.js';
import {
  apply,
  busyLines,
  isLive,
  leftMemberDto,
  newSession,
  toCallDto,
  toMemberDto,
  toStateDto,
  type Line,
  type Session,
} from './dialler.sessions.js';
import { pickCallerId, refusalCode, toCallMessageDto } from './dialler.support.js';

type R<T> = Promise<Result<T, CallsErrorCode | 'PERMISSION_REQUIRED'>>;
const DAY_MS = 86_400_000;
/** Entries looked at per round: those in quiet hours are passed over, not dropped. */
const CANDIDATES = 12;

export type DiallerService = ReturnType<typeof createDiallerService>;

/**
 * The power dialler: each member's session (the state machine of rules/dialler.ts), their lines, and
 * the provider's events. Compliance is enforced here, before any number is dialled: never DNC or
 * Wrong #, only 8:00–21:00 in the contact's zone, the caller ID a team number, and a campaign on one
 * line while a second could push its 30-day abandonment rate over 3 %.
 */
export function createDiallerService(deps: {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  voice: VoiceProvider;
  zonesOf: PhoneZones;
  records: RecordsService;
  log: FastifyBaseLogger;
  /** A URL the provider can fetch a voicemail's audio from. */
  vmLink: (vmId: string) => string;
  /** The recorded identification an abandoned call hears. */
  identificationUrl: string;
  /** Measures for the bench: ms from taking a queue entry to the provider accepting the call. */
  onPlaced?: (ms: number) => void;
}) {
  const { db, clock, realtime, voice, log } = deps;
  const sessions = new Map<string, Session>();
  /** Set on shutdown: the provider's last events find no database to write to. */
  let closed = false;
  const bySid = new Map<string, Line>();

  const mayCall = (auth: AuthContext) => can(auth.user, 'calls');
  const stateOf = (userId: string): DiallerStateDto => toStateDto(sessions.get(userId), clock.now());

  /** What each member's teammates last heard of them: the list changes less often than the lines. */
  const told = new Map<string, string>();
  function emit(s: Session) {
    realtime.toUser(s.userId, 'callUpdate', { state: toStateDto(s, clock.now()) });
    const member = toMemberDto(s);
    const key = JSON.stringify(member);
    if (told.get(s.userId) === key) return;
    told.set(s.userId, key);
    realtime.toTeam(s.teamId, 'diallerMember', member);
  }

  function write(line: Line, fn: () => Promise<unknown>) {
    line.writes = line.writes.then(fn).catch((err: unknown) => log.error({ err }, 'dialler write failed'));
    return line.writes;
  }

  // ---------------------------------------------------------------- dialling

  function pump(s: Session) {
    s.pumping = s.pumping
      .then(() => pumpOnce(s))
      .catch((err: unknown) => log.error({ err }, 'dialler round failed'));
    return s.pumping;
  }

  async function pumpOnce(s: Session) {
    if (sessions.get(s.userId) !== s) return;
    const busy = () => [...Array(busyLines(s))].map(() => ({ itemId: '', callStatus: 'Ringing' as const }));
    if (itemsToDial(s.state, [...busy(), { itemId: '?', callStatus: null }], s.lineLimit).length === 0)
      return;
    const candidates = await q.nextCandidates(db, s.teamId, s.userId, CANDIDATES);
    if (!candidates.length) return;
    const [{ numbers, tz }] = await Promise.all([
      teamLine(s.teamId),
      loadBucket(s.teamId, candidates[0]!.campaignId),
    ]);
    if (!numbers.length) return;
    for (const c of candidates) {
      s.lineLimit = linesFor(s, c.campaignId);
      const free = itemsToDial(
        s.state,
        [...busy(), ...candidates.map((e) => ({ itemId: e.itemId, callStatus: null }))],
        s.lineLimit,
      );
      if (free.length === 0) break;
      const phone = c.phone ? { value: c.phone, status: c.phoneStatus ?? '' } : null;
      const refusal = dialRefusal(
        phone,
        phone ? await deps.zonesOf(phone.value) : [],
        clock.now(),
        tz ?? 'UTC',
      );
      if (refusal === 'quietHours') continue;
      if (refusal) {
        if (await q.claimEntry(db, c.id, 'Skipped'))
          await q.setEntryStatus(db, s.teamId, c.itemId, 'Skipped', false);
        continue;
      }
      const poppedAt = performance.now();
      if (!(await q.claimEntry(db, c.id, 'Ringing'))) continue;
      // Checked again with no await before the line is taken: other members' rounds ran meanwhile.
      s.lineLimit = linesFor(s, c.campaignId);
      if (
        itemsToDial(s.state, [...busy(), { itemId: c.itemId, callStatus: null }], s.lineLimit).length === 0
      ) {
        await q.releaseEntry(db, c.id);
        break;
      }
      await place(
        s,
        { itemId: c.itemId, name: c.name, phone: c.phone!, campaignId: c.campaignId },
        numbers,
        true,
        poppedAt,
      );
    }
  }

  /** A team's numbers and zone, read at most every 2 s (every member's round needs them). */
  const teamLines = new Map<string, { at: number; numbers: { number: string }[]; tz: string | null }>();
  async function teamLine(teamId: string) {
    const hit = teamLines.get(teamId);
    const now = performance.now();
    if (hit && now - hit.at < 2000) return hit;
    const [numbers, tz] = await Promise.all([q.listNumbers(db, teamId), q.teamTimezone(db, teamId)]);
    const fresh = { at: now, numbers, tz };
    teamLines.set(teamId, fresh);
    return fresh;
  }

  // ---------------------------------------------------------------- abandonment (47 CFR 64.1200(a)(7))

  /**
   * Each campaign's answered and abandoned calls over 30 days: read from the database, then kept up to
   * date here as calls are answered, so members dialling at once all see each other's outcomes.
   */
  const buckets = new Map<string, { answered: number; abandoned: number; at: number }>();
  const bucketKey = (teamId: string, campaignId: string | null) => `${teamId}:${campaignId ?? ''}`;
  async function loadBucket(teamId: string, campaignId: string | null) {
    const key = bucketKey(teamId, campaignId);
    const now = clock.now().getTime();
    const b = buckets.get(key);
    if (b && Math.abs(now - b.at) < 60_000) return;
    const since = new Date(now - ABANDON_WINDOW_DAYS * DAY_MS);
    buckets.set(key, { ...(await q.abandonStats(db, teamId, campaignId, since)), at: now });
  }
  function countAnswer(line: Line, abandoned: boolean) {
    const b = buckets.get(bucketKey(line.teamId, line.campaignId));
    if (!b) return;
    b.answered += 1;
    if (abandoned) b.abandoned += 1;
  }
  /**
   * Lines a member may use for a campaign now. Every member already on two lines for it could still
   * abandon one call: those count as abandoned until their lines settle, so the rate stays ≤ 3 %
   * however many members dial at once.
   */
  function linesFor(s: Session, campaignId: string | null): number {
    const b = buckets.get(bucketKey(s.teamId, campaignId));
    if (!b) return 1;
    let exposed = 0;
    for (const other of sessions.values())
      if (other !== s && other.teamId === s.teamId && busyLines(other) >= 2) exposed += 1;
    return allowedLines({ answered: b.answered, abandoned: b.abandoned + exposed });
  }

  async function place(
    s: Session,
    c: { itemId: string; name: string; phone: string; campaignId: string | null },
    numbers: { number: string }[],
    queued: boolean,
    poppedAt?: number,
  ): Promise<Line> {
    const now = clock.now();
    const line: Line = {
      callId: randomUUID(),
      sid: null,
      teamId: s.teamId,
      userId: s.userId,
      itemId: c.itemId,
      campaignId: c.campaignId,
      direction: 'out',
      phone: c.phone,
      from: pickCallerId(numbers, c.phone),
      name: c.name,
      status: 'Ringing',
      startedAt: now,
      answeredAt: null,
      cancelled: false,
      vmId: null,
      endedAt: null,
      durationMs: 0,
      writes: Promise.resolve(),
    };
    s.placing += 1;
    try {
      line.sid = (await voice.placeCall({ from: line.from, to: line.phone })).sid;
      if (poppedAt !== undefined) deps.onPlaced?.(performance.now() - poppedAt);
      bySid.set(line.sid, line);
      s.lines.set(line.callId, line);
    } catch (err) {
      log.warn({ err }, 'call not placed');
      line.status = 'Failed';
    } finally {
      s.placing -= 1;
    }
    await write(line, () =>
      q.insertCall(db, {
        id: line.callId,
        teamId: line.teamId,
        userId: line.userId,
        itemId: line.itemId,
        campaignId: line.campaignId,
        direction: 'out',
        fromNumber: line.from,
        toNumber: line.phone,
        sid: line.sid,
        status: line.status,
        startedAt: now,
      }),
    );
    if (line.status === 'Failed') await finish(line, 'failed', 0, queued);
    else emit(s);
    if (queued) realtime.toUser(s.userId, 'queueChanged', {});
    return line;
  }

  // ---------------------------------------------------------------- provider events

  async function lineOf(sid: string): Promise<Line | null> {
    // The provider may call back before placeCall has answered with the id: wait a moment for it.
    for (let i = 0; i < 25 && !bySid.has(sid); i++) await new Promise((r) => setTimeout(r, 20));
    return bySid.get(sid) ?? null;
  }

  async function onEvent(e: VoiceEvent): Promise<AnswerInstruction | null> {
    if (e.kind === 'ringing' || closed) return null;
    const line = await lineOf(e.sid);
    if (!line) return { kind: 'hangup' };
    const s = sessions.get(line.userId);
    const now = clock.now();
    if (e.kind === 'answered') {
      line.answeredAt = now;
      const ringing = s
        ? [...s.lines.values()].filter((l) => l.status === 'Ringing').map((l) => l.callId)
        : [];
      const d =
        s && s.state.active ? onAnswered(s.state, line.callId, ringing) : ({ outcome: 'abandon' } as const);
      countAnswer(line, d.outcome === 'abandon');
      if (d.outcome === 'abandon') {
        line.status = 'Abandoned';
        void write(line, () =>
          q.updateCall(db, line.callId, { status: 'Abandoned', answered: true, answeredAt: now }),
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
        void voice
          .endCall(other.sid)
          .catch((err: unknown) => log.warn({ err }, 'ringing line not cancelled'));
      }
      void write(line, () =>
        q.updateCall(db, line.callId, { status: 'In call', answered: true, answeredAt: now }),
      );
      if (line.itemId)
        void write(line, () => q.setEntryStatus(db, line.teamId, line.itemId!, 'In call', true));
      emit(s!);
      return { kind: 'bridge', identity: line.userId };
    }
    if (e.kind === 'machine') {
      line.status = 'Machine';
      const contact = line.itemId ? await q.findContact(db, line.teamId, line.itemId) : null;
      const setting = await q.statusCallSettingsOf(db, contact?.statusId ?? null);
      const auto = voicemailToDrop(
        setting && { autoRvm: setting.autoRvm, selectedVm: setting.selectedVm },
        s?.state.selectedVm ?? null,
      );
      if (auto) {
        line.status = 'Leaving VM';
        line.vmId = auto;
      }
      void write(line, () => q.updateCall(db, line.callId, { status: line.status, vmId: line.vmId }));
      if (line.itemId)
        void write(line, () => q.setEntryStatus(db, line.teamId, line.itemId!, line.status, true));
      if (s) emit(s);
      return auto ? { kind: 'play', url: deps.vmLink(auto) } : { kind: 'hold' };
    }
    await finish(line, e.outcome, e.durationMs, true);
    return null;
  }

  function finalStatus(line: Line, outcome: CallOutcome): CallStatus {
    if (line.status === 'In call') return 'Done';
    if (line.status === 'Leaving VM' || line.status === 'Abandoned' || line.status === 'Failed')
      return line.status;
    if (line.status === 'Machine') return 'No answer';
    if (line.cancelled || outcome === 'canceled') return 'Cancelled';
    return outcome === 'failed' ? 'Failed' : 'No answer';
  }

  async function finish(line: Line, outcome: CallOutcome, durationMs: number, queued: boolean) {
    if (line.endedAt) return;
    const status = finalStatus(line, outcome);
    const now = clock.now();
    line.status = status;
    line.endedAt = now;
    line.durationMs = durationMs || (line.answeredAt ? now.getTime() - line.answeredAt.getTime() : 0);
    if (line.sid) bySid.delete(line.sid);
    const s = sessions.get(line.userId);
    if (s) {
      s.lines.delete(line.callId);
      if (s.shown === line) {
        apply(s, { type: 'callEnded' });
        s.onCallSince = null;
      }
    }
    await write(line, async () => {
      await q.updateCall(db, line.callId, { status, endedAt: now, durationMs: line.durationMs });
      if (!line.itemId) return;
      if (queued) await q.setEntryStatus(db, line.teamId, line.itemId, status, false);
      const m = await q.insertCallMessage(db, {
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
      await realtime.toRecord(line.teamId, line.itemId, 'messageAdded', {
        itemId: line.itemId,
        message: toCallMessageDto(m),
      });
    });
    if (!s) return;
    emit(s);
    realtime.toUser(s.userId, 'queueChanged', {});
    const delay = restartDelay(s.state);
    if (delay !== null && !s.restart)
      s.restart = setTimeout(() => {
        s.restart = null;
        void pump(s);
      }, delay);
  }

  voice.setHandler(onEvent);

  // ---------------------------------------------------------------- the member's side

  async function join(auth: AuthContext): R<DiallerStateDto> {
    if (!mayCall(auth)) return fail('PERMISSION_REQUIRED');
    let s = sessions.get(auth.userId);
    if (!s) {
      s = newSession(auth.teamId, {
        id: auth.userId,
        name: auth.user.name || auth.user.email,
        avatar: auth.user.avatar,
      });
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
      if (p.selectedVm && !(await q.findVoicemail(db, auth.teamId, p.selectedVm)))
        return fail('VM_NOT_FOUND');
      apply(s, { type: 'selectVm', vmId: p.selectedVm });
    }
    if (p.action === 'leave') {
      await leave(auth.userId);
      return ok(stateOf(auth.userId));
    }
    if (p.action === 'start') {
      if (!(await q.listNumbers(db, auth.teamId)).length) return fail('NO_PHONES');
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
    if (p.action === 'start' || p.action === 'done') void pump(s);
    return ok(toStateDto(s, clock.now()));
  }

  return {
    join,
    edit,
    leave,
    state: (auth: AuthContext) => stateOf(auth.userId),
    members: (teamId: string) => [...sessions.values()].filter((s) => s.teamId === teamId).map(toMemberDto),
    /** Dials a record now (click to call), from the caller's dialler session. */
    async newCall(auth: AuthContext, itemId: string): R<ReturnType<typeof toCallDto>> {
      if (!mayCall(auth)) return fail('PERMISSION_REQUIRED');
      const access = await deps.records.access(auth, itemId);
      if (!access.ok) return fail('CALL_NOT_FOUND');
      const joined = await join(auth);
      if (!joined.ok) return joined;
      const s = sessions.get(auth.userId)!;
      if (s.state.onCall) return fail('ON_CALL');
      const numbers = await q.listNumbers(db, auth.teamId);
      if (!numbers.length) return fail('NO_PHONES');
      const c = await q.findContact(db, auth.teamId, itemId);
      const phone = c?.phone ? { value: c.phone, status: c.phoneStatus ?? '' } : null;
      const tz = (await q.teamTimezone(db, auth.teamId)) ?? 'UTC';
      const refusal = dialRefusal(phone, phone ? await deps.zonesOf(phone.value) : [], clock.now(), tz);
      if (refusal) return fail(refusalCode(refusal));
      const entry = await q.findEntry(db, auth.teamId, auth.userId, itemId);
      const queued = !!entry && (await q.claimEntry(db, entry.id, 'Ringing'));
      const line = await place(
        s,
        { itemId, name: c!.name, phone: phone!.value, campaignId: entry?.campaignId ?? null },
        numbers,
        queued,
      );
      return ok(toCallDto(line, clock.now()));
    },
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
      if (!(await q.findVoicemail(db, auth.teamId, chosen))) return fail('VM_NOT_FOUND');
      line.status = 'Leaving VM';
      line.vmId = chosen;
      void write(line, () => q.updateCall(db, line.callId, { status: 'Leaving VM', vmId: chosen }));
      try {
        await voice.playIntoCall(sid, deps.vmLink(chosen));
      } catch {
        return fail('VOICE_FAILED');
      }
      const s = sessions.get(auth.userId);
      if (s) emit(s);
      return ok(toCallDto(line, clock.now()));
    },
    /** Runs a dialling round for a member now (a queue was filled). */
    wake(userId: string) {
      const s = sessions.get(userId);
      if (s) void pump(s);
    },
    /** Waits for the members' rounds and line writes (tests, shutdown). */
    async settle() {
      await Promise.all([...sessions.values()].map((s) => s.pumping));
    },
    async close() {
      closed = true;
      for (const userId of [...sessions.keys()]) await leave(userId);
    },
  };
}
