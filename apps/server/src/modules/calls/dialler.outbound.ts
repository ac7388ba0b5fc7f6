import { randomUUID } from 'node:crypto';
import {
  ABANDON_WINDOW_DAYS,
  allowedLines,
  callLimitMessage,
  dialRefusal,
  itemsToDial,
  mayPlaceCall,
  contactRule,
  contactZones,
  nextLawfulContactAt,
  recipientStates,
  stateCode,
  type Plan,
  serverMessages,
} from '@prospector/core';
import { isTeamSuspended } from '../teams/index.js';
import * as qNumbers from './call-numbers.queries.js';
import * as qQueue from './call-queue.queries.js';
import * as qCalls from './calls.queries.js';
import * as qContacts from './call-contacts.queries.js';
import type { DiallerContext } from './dialler.context.js';
import { apply, busyLines, type Line, type Session } from './dialler.sessions.js';
import { pickCallerId } from './dialler.support.js';

const DAY_MS = 86_400_000;
/** Queue entries read per page of a round (a round reads pages until its lines are busy). */
const PAGE = 200;
/** A queue waiting for calling hours is looked at again at least this often. */
const RECHECK_MAX_MS = 60_000;
/** The plan's calls this month are read again after this long; placements in between count here. */
const METER_TTL_MS = 60_000;

export type Outbound = ReturnType<typeof createOutbound>;

/**
 * Placing calls: each member's dialling rounds (auto-advance over their queue), the abandonment
 * throttle of 47 CFR 64.1200(a)(7), and the plan's monthly calls. Compliance is checked here, before
 * any number is dialled: never DNC or Wrong #, only 8:00–21:00 in the contact's zone, the caller ID a
 * team number.
 */
export function createOutbound(
  ctx: DiallerContext,
  /** A line ended (failed to place): the provider events' finish. */
  finish: (line: Line, outcome: 'failed', durationMs: number, queued: boolean) => Promise<void>,
) {
  const { deps, sessions, bySid, emit, write } = ctx;
  const { db, clock, realtime, voice, log } = deps;

  function pump(s: Session) {
    s.pumping = s.pumping
      .then(() => pumpOnce(s))
      .catch((err: unknown) => log.error({ err }, 'dialler round failed'));
    return s.pumping;
  }

  /**
   * One dialling round: walks the member's queue in order, a page at a time, until every free line
   * has a call or the queue ends. DNC / Wrong # / no phone entries are skipped for good; entries in
   * their calling hours' quiet time, or held by their state's 24-hour limit (3 calls or texts in
   * Florida, Oklahoma, Maryland), are passed over and stay queued. When the round placed nothing
   * because everyone left waits for their calling hours, it looks again when the first of them wakes
   * (at most a minute later), so a dialling member never waits on a stalled queue.
   */
  async function pumpOnce(s: Session) {
    if (sessions.get(s.userId) !== s) return;
    const busy = () => [...Array(busyLines(s))].map(() => ({ itemId: '', callStatus: 'Ringing' as const }));
    const hasFreeLine = (itemId: string) =>
      itemsToDial(s.state, [...busy(), { itemId, callStatus: null }], s.lineLimit).length > 0;
    if (!hasFreeLine('?')) return;
    // Suspended since the member pressed Start (ADR 033): the dialler pauses and says why.
    if (await isTeamSuspended(db, s.teamId)) return stopForPlan(s, serverMessages.admin.suspendedNothingSent);
    let afterId: number | undefined;
    let firstWake: Date | null = null;
    let placed = 0;
    for (;;) {
      const page = await qQueue.nextCandidates(db, s.teamId, s.userId, PAGE, {
        withStatusOnly: s.settings.noStatusCalls,
        afterId,
      });
      if (!page.length) break;
      afterId = page[page.length - 1]!.id;
      const [{ numbers, tz, hours }] = await Promise.all([
        teamLine(s.teamId),
        loadBucket(s.teamId, page[0]!.campaignId),
        loadMeter(s.teamId),
      ]);
      if (!numbers.length) return;
      // Each contact's texts and calls of the last day: Florida's, Oklahoma's and Maryland's 24-hour limit.
      const recentOf = await qCalls.recentContacts(
        db,
        page.map((c) => c.itemId),
        new Date(clock.now().getTime() - DAY_MS),
      );
      for (const c of page) {
        if (c.campaignId !== page[0]!.campaignId) await loadBucket(s.teamId, c.campaignId);
        s.lineLimit = linesFor(s, c.campaignId);
        if (!hasFreeLine(c.itemId)) return;
        const phone = c.phone ? { value: c.phone, status: c.phoneStatus ?? '' } : null;
        // The number's zones and its address state's (stateCode: [] when the address tells none).
        const zones = contactZones(
          phone ? await deps.zonesOf(phone.value) : [],
          [stateCode(c.addressState)].filter((x) => x !== null),
        );
        const now = clock.now();
        const states = recipientStates({
          addressStates: [c.addressState],
          areaCodeState: phone && deps.stateOf ? await deps.stateOf(phone.value) : null,
        });
        const recent = phone ? (recentOf.get(`${c.itemId}|${phone.value}`) ?? []) : [];
        // A follow-up call stopped since it was queued (a reply, a member's own text or call, a closed
        // status) leaves the queue undialled, its row saying why.
        if (
          c.campaignId &&
          !(await ctx.followUpStillDue({
            teamId: s.teamId,
            campaignId: c.campaignId,
            itemId: c.itemId,
            at: now,
          }))
        ) {
          if ((await qQueue.dropUncalledEntries(db, s.teamId, c.itemId, [c.campaignId])).length)
            realtime.toUser(s.userId, 'queueChanged', {});
          continue;
        }
        const refusal = dialRefusal(phone, zones, now, tz ?? 'UTC', states, hours, recent);
        if (refusal === 'quietHours' || refusal === 'lawDailyCap') {
          // Passed over, still queued: called when its hours come and its state's limit lets it.
          const wake = nextLawfulContactAt(contactRule(states, hours), zones, recent, now, tz ?? 'UTC');
          if (!firstWake || wake < firstWake) firstWake = wake;
          continue;
        }
        if (refusal) {
          if (await qQueue.claimEntry(db, c.id, 'Skipped')) {
            await qQueue.setEntryStatus(db, s.teamId, c.itemId, 'Skipped', false);
            if (c.campaignId)
              await ctx.campaignCallEnded({
                teamId: s.teamId,
                campaignId: c.campaignId,
                itemId: c.itemId,
                status: 'Skipped',
                refusal,
                at: now,
              });
          }
          continue;
        }
        const limit = planRefusal(s.teamId);
        if (limit) return stopForPlan(s, limit);
        const poppedAt = performance.now();
        if (!(await qQueue.claimEntry(db, c.id, 'Ringing'))) continue;
        // Checked again with no await before the line is taken: other members' rounds ran meanwhile.
        s.lineLimit = linesFor(s, c.campaignId);
        const again = planRefusal(s.teamId);
        if (again || !hasFreeLine(c.itemId)) {
          await qQueue.releaseEntry(db, c.id);
          if (again) return stopForPlan(s, again);
          return;
        }
        placed += 1;
        await place(
          s,
          { itemId: c.itemId, name: c.name, phone: c.phone!, campaignId: c.campaignId },
          numbers,
          true,
          poppedAt,
        );
      }
      if (page.length < PAGE) break;
    }
    if (placed === 0 && firstWake && busyLines(s) === 0) recheckAt(s, firstWake);
  }

  /** Runs a round again when the first contact waiting for their calling hours may be called. */
  function recheckAt(s: Session, wake: Date) {
    if (s.restart || !s.state.dialling || s.state.paused) return;
    const ms = Math.min(Math.max(wake.getTime() - clock.now().getTime(), 1000), RECHECK_MAX_MS);
    s.restart = setTimeout(() => {
      s.restart = null;
      void pump(s);
    }, ms);
    s.restart.unref?.();
  }

  /** A team's numbers and zone, read at most every 2 s (every member's round needs them). */
  const teamLines = new Map<
    string,
    {
      at: number;
      numbers: { number: string }[];
      tz: string | null;
      hours: { startHour: number | null; endHour: number | null } | null;
    }
  >();
  async function teamLine(teamId: string) {
    const hit = teamLines.get(teamId);
    const now = performance.now();
    if (hit && now - hit.at < 2000) return hit;
    const [numbers, tz, hours] = await Promise.all([
      qNumbers.listNumbers(db, teamId),
      qContacts.teamTimezone(db, teamId),
      qContacts.teamContactHours(db, teamId),
    ]);
    const fresh = { at: now, numbers, tz, hours };
    teamLines.set(teamId, fresh);
    return fresh;
  }

  // ---------------------------------------------------------------- the plan's calls (BASIC: 250)

  /**
   * Each team's plan and calls this month: read from billing, then counted here as calls are placed
   * (with no await between the check and the count), so members dialling at once never pass the limit.
   */
  const meters = new Map<string, { plan: Plan; used: number; at: number }>();
  async function loadMeter(teamId: string) {
    const m = meters.get(teamId);
    const now = performance.now();
    if (m && now - m.at < METER_TTL_MS) return m;
    const fresh = { ...(await deps.callsThisMonth(teamId)), at: now };
    meters.set(teamId, fresh);
    return fresh;
  }
  /** The limit's message when the team's plan has no call left this month; null while it has. */
  function planRefusal(teamId: string): string | null {
    const m = meters.get(teamId);
    if (!m || mayPlaceCall(m.plan, m.used)) return null;
    return callLimitMessage(m.plan);
  }
  function stopForPlan(s: Session, message: string) {
    apply(s, { type: 'pause' });
    s.notice = message;
    emit(s);
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
    buckets.set(key, { ...(await qCalls.abandonStats(db, teamId, campaignId, since)), at: now });
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
    const meter = meters.get(s.teamId);
    if (meter) meter.used += 1;
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
      qCalls.insertCall(db, {
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

  return {
    pump,
    place,
    countAnswer,
    /** The plan's refusal for one more call now (reads the meter first). */
    async planRefusalNow(teamId: string) {
      await loadMeter(teamId);
      return planRefusal(teamId);
    },
  };
}
