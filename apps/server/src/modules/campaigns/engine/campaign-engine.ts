import {
  decideCallFollowUp,
  isDeviceConnected,
  isInSendWindow,
  localDay,
  monthWindow,
  planLimitBlocker,
  queueBlocker,
  sendGapMs,
  startOfNextDay,
  type SlotCapacity,
} from '@prospector/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { DomainEvents } from '../../../lib/domain-events.js';
import type { Realtime } from '../../../plugins/realtime.js';
import { listTeamDevices } from '../../devices/index.js';
import { templateFieldsOfMember, toMessageDto } from '../../records/index.js';
import type { TeamsService } from '../../teams/index.js';
import { loadCampaignTemplates, type CampaignTemplates } from '../../templates/index.js';
import {
  claimDueRecipients,
  finishCampaign,
  hasRecipientsLeft,
  lockDeviceDays,
  openDeviceDays,
  queuedFollowUpCall,
  recipientFacts,
  runningCallCampaigns,
  runningCampaigns,
  writeCallSteps,
  setCampaignWait,
  type CampaignRow,
} from './campaign-engine.queries.js';
import { checkHealth } from './device-health.js';
import { decideBatch, type SenderSlot } from './decide.js';
import { writeSends, type Send } from './write-sends.queries.js';

export type CampaignEngineOptions = {
  tickMs: number;
  /** Random spacing between two sends of one device; 0 and 0 send up to `perDeviceBatch` per tick. */
  gapMinMs: number;
  gapMaxMs: number;
  /** Contacts texted for the first time, per device per day. */
  firstTouchCap: number;
  perDeviceBatch: number;
  /** Texts one campaign writes in one tick, at most (keeps a tick short when every device is ready). */
  maxPerTick: number;
};

export type TickReport = {
  campaigns: number;
  sent: number;
  deferred: number;
  stopped: number;
  finished: number;
  /** Campaigns whose recipients wait because the team's plan has no texts left this month. */
  planLimited: number;
  /** Contacts of call campaigns put back into a queue for a follow-up call. */
  requeued: number;
};

const DAY_MS = 86_400_000;
/** A contact back in a queue waits there until its call ends (the queue has no time limit). */
const IN_QUEUE_MS = 365 * DAY_MS;
/** Follow-up calls a call campaign queues in one tick, at most. */
const CALL_STEPS_PER_TICK = 500;

/**
 * The sending engine: every tick, each running campaign inside its weekly window claims its due
 * recipients (FOR UPDATE SKIP LOCKED) and the device-day rows of its devices, decides per recipient
 * (send, wait, stop, skip), and writes the texts as device jobs in the same transaction. A crash
 * before the commit sends nothing; (recipient, step) is unique on jobs, so nothing is sent twice.
 */
export function createCampaignEngine(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  realtime: Realtime;
  kickDevice: (agentId: string) => void;
  /** The team's daily limit per device and its zone. */
  teams: Pick<TeamsService, 'findSendingSettings'>;
  /** Time zones a number may be in (from its prefix); [] when unknown. */
  zonesOf: (phone: string) => Promise<string[]>;
  /** The US state a number's area code belongs to (null when unknown): its law applies (state-law.ts). */
  stateOf?: (phone: string) => Promise<string | null>;
  /**
   * Texts the team's plan still allows this month (null: no limit), its month locked for the rest of
   * the tick's transaction (billing's plans.smsLeftThisMonth).
   */
  planSmsLeft: (tx: Db, teamId: string, now: Date) => Promise<number | null>;
  /**
   * Puts a call campaign's contacts due for a follow-up call back into their members' queues, in the
   * tick's transaction (the calls module); answers those queued again and their members.
   */
  requeueCalls?: (
    tx: Db,
    teamId: string,
    campaignId: string,
    itemIds: string[],
  ) => Promise<{ itemId: string; userId: string }[]>;
  /** Runs the members' dialling rounds once their queues were filled. */
  wakeCallers?: (userIds: string[]) => void;
  /** Tells the team's admins (a device paused for poor delivery). */
  notifyAdmins: (teamId: string, body: string) => Promise<void>;
  /** Subscriptions hear `campaign.finished` (ADR 045). */
  events?: DomainEvents;
  random?: () => number;
  options: CampaignEngineOptions;
}) {
  const { db, clock, options } = deps;
  const random = deps.random ?? Math.random;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;
  let again = false;

  async function finish(c: CampaignRow, now: Date, reason: 'ended' | null) {
    await finishCampaign(db, c.id, now, reason);
    deps.realtime.toTeam(c.teamId, 'campaignChanged', { campaignId: c.id });
    deps.events?.publish(c.teamId, 'campaign.finished', {
      campaignId: c.id,
      name: c.name,
      finishedAt: now.toISOString(),
    });
  }

  async function senderSlots(c: CampaignRow, now: Date): Promise<SenderSlot[]> {
    const all = await listTeamDevices(db, c.teamId);
    const byId = new Map(all.map((d) => [d.id, d]));
    return c.deviceIds.flatMap((id) => {
      const d = byId.get(id);
      if (!d || d.kind === 'mac') return [];
      const agent = d.kind === 'iphone' ? (d.macId ? byId.get(d.macId) : undefined) : d;
      const paused = c.pausedDevices.includes(d.id);
      const usable = !!agent && isDeviceConnected(agent, now) && !paused;
      return [{ deviceId: d.id, agentId: agent?.id ?? null, value: d.value, usable, paused }];
    });
  }

  async function runCampaign(c: CampaignRow, now: Date, report: TickReport) {
    if (c.endDate && now.getTime() >= c.endDate.getTime()) {
      await finish(c, now, 'ended');
      report.finished++;
      return;
    }
    if (!isInSendWindow({ ...c, timezone: c.timezone }, now)) return;
    const team = await deps.teams.findSendingSettings(db, c.teamId);
    const tz = team?.timezone ?? c.timezone;
    let slots = await senderSlots(c, now);
    const paused = await checkHealth(db, c, slots, now);
    if (paused.length) {
      slots = slots.map((s) => (paused.some((p) => p.deviceId === s.deviceId) ? { ...s, usable: false } : s));
      for (const p of paused) await deps.notifyAdmins(c.teamId, p.notice);
      deps.realtime.toTeam(c.teamId, 'campaignChanged', { campaignId: c.id });
    }
    const day = localDay(now, tz);
    const nextDayAt = startOfNextDay(now, tz);
    const usable = slots.filter((s) => s.usable);
    if (usable.length > 0)
      await openDeviceDays(
        db,
        usable.map((s) => s.deviceId),
        day,
      );
    const templates = await loadCampaignTemplates(db, c.teamId, c.groupIds);
    const followUpTemplates: CampaignTemplates[] = [];
    for (const step of c.followUps)
      followUpTemplates.push(await loadCampaignTemplates(db, c.teamId, step.groupIds));
    const teamHours = team ? { startHour: team.contactStartHour, endHour: team.contactEndHour } : null;
    const fieldNames = await customFieldNames(c);

    const result = await db.transaction(async (tx) => {
      const planLeft = await deps.planSmsLeft(tx, c.teamId, now);
      // The plan's month is used up: every recipient waits until the month turns in the team's zone
      // (the plan's month, rules/billing.ts) or the team upgrades; the details say so.
      if (planLeft === 0) {
        await setCampaignWait(tx, c, planLimitBlocker(monthWindow(now, team?.timezone ?? null).end));
        return { sends: [] as Send[], decided: 0, empty: false, waitingForPlan: true };
      }
      const maxSends = Math.min(options.maxPerTick, planLeft ?? Infinity);
      const days = usable.length
        ? await lockDeviceDays(
            tx,
            usable.map((s) => s.deviceId),
            day,
          )
        : [];
      const perTick = options.gapMaxMs > 0 ? 1 : options.perDeviceBatch;
      const capacity = new Map<string, SlotCapacity>();
      for (const d of days) {
        const next = d.nextSendAt ? new Date(d.nextSendAt) : null;
        const ready = !next || next.getTime() <= now.getTime();
        const dailyLeft = Math.max(0, (team?.ppgl ?? 100) - d.sent);
        capacity.set(d.deviceId, {
          slots: ready ? Math.min(perTick, dailyLeft) : 0,
          dailyLeft,
          firstTouchLeft: Math.max(0, options.firstTouchCap - d.firstTouch),
          load: d.sent,
          nextSendAt: next,
        });
      }
      const total = Math.min(
        maxSends,
        [...capacity.values()].reduce((n, x) => n + x.slots, 0),
      );
      const due = await claimDueRecipients(tx, c.id, now, Math.max(total * 2, 0) + 10);
      if (due.length === 0) return { sends: [] as Send[], decided: 0, empty: true, waitingForPlan: false };
      const decisions = await decideBatch({
        db: tx,
        campaign: c,
        due,
        slots,
        capacity,
        templates,
        followUpTemplates,
        teamHours,
        fieldNames,
        now,
        timezone: tz,
        nextDayAt,
        zonesOf: deps.zonesOf,
        stateOf: deps.stateOf ?? (async () => null),
        maxSends,
      });
      // Why the recipients left in line wait, as the devices stand after this tick's texts.
      await setCampaignWait(tx, c, queueBlocker(slots, capacity, nextDayAt));
      const sends = await writeSends(tx, c, decisions, now, day, () =>
        sendGapMs(random(), options.gapMinMs, options.gapMaxMs),
      );
      return { sends, decided: decisions.length, empty: false, waitingForPlan: false };
    });

    if (result.waitingForPlan) report.planLimited++;
    report.sent += result.sends.length;
    if (result.empty) {
      if (!(await hasRecipientsLeft(db, c.id))) {
        await finish(c, now, null);
        report.finished++;
      }
      return;
    }
    if (result.sends.length === 0) return;
    const rt = deps.realtime;
    const audience = await rt.recordAudience(
      c.teamId,
      result.sends.map((s) => s.message.itemId),
    );
    for (const s of result.sends) {
      const to = audience(s.message.itemId);
      rt.toRooms(to, 'messageAdded', { itemId: s.message.itemId, message: toMessageDto(s.message, null) });
      rt.toRooms(to, 'inboxChanged', { itemId: s.message.itemId });
    }
    rt.toTeam(c.teamId, 'campaignChanged', { campaignId: c.id });
    for (const agent of new Set(result.sends.map((s) => s.agentId))) deps.kickDevice(agent);
  }

  /**
   * A call campaign's due follow-up calls (ADR 046): each contact whose wait after an unanswered call
   * ended is checked as a text follow-up is (a reply, a member's own text or call, DNC or Wrong #, a
   * closed status stop it) and otherwise goes back into the queue of the member who called it.
   */
  async function runCallFollowUps(c: CampaignRow, now: Date, report: TickReport) {
    const requeue = deps.requeueCalls;
    if (!requeue) return;
    const woken = await db.transaction(async (tx) => {
      const due = await claimDueRecipients(tx, c.id, now, CALL_STEPS_PER_TICK);
      if (due.length === 0) return { users: [] as string[], moved: 0 };
      const facts = await recipientFacts(
        tx,
        due.map((r) => r.itemId),
        now,
      );
      const later = (ms: number) => new Date(now.getTime() + ms).toISOString();
      const rows: Parameters<typeof writeCallSteps>[1] = [];
      const toQueue: { id: string; itemId: string }[] = [];
      for (const r of due) {
        const d = decideCallFollowUp(
          {
            followUp: r.followUp,
            identifierId: r.identifierId,
            statusId: r.statusId,
            lastMessage: r.lastMessage,
            state: r.state,
            tried: r.tried,
          },
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
      const queued = await requeue(
        tx,
        c.teamId,
        c.id,
        toQueue.map((x) => x.itemId),
      );
      const done = new Set(queued.map((x) => x.itemId));
      for (const x of toQueue)
        rows.push(
          done.has(x.itemId)
            ? {
                id: x.id,
                state: 'waiting',
                reason: null,
                nextAt: later(IN_QUEUE_MS),
                waitReason: 'inCallQueue',
              }
            : // Still queued for another campaign: looked at again in an hour.
              { id: x.id, state: 'pending', reason: null, nextAt: later(60 * 60_000), waitReason: null },
        );
      await writeCallSteps(tx, rows);
      report.requeued += queued.length;
      report.stopped += rows.filter((x) => x.state === 'stopped').length;
      return { users: queued.map((x) => x.userId), moved: rows.length };
    });
    if (woken.users.length) deps.wakeCallers?.(woken.users);
    if (woken.moved) deps.realtime.toTeam(c.teamId, 'campaignChanged', { campaignId: c.id });
  }

  /**
   * Custom field id → name, for `**Field**` on custom values: only the fields the campaign's owner
   * sees as they are now (ADR 031), read each tick, so access taken away reaches the next text.
   */
  async function customFieldNames(c: CampaignRow) {
    const names = new Map<string, string>();
    for (const f of await templateFieldsOfMember(db, c.teamId, c.ownerId)) names.set(f.id, f.name);
    return names;
  }

  async function tick(): Promise<TickReport> {
    const now = clock.now();
    const report: TickReport = {
      campaigns: 0,
      sent: 0,
      deferred: 0,
      stopped: 0,
      finished: 0,
      planLimited: 0,
      requeued: 0,
    };
    const list = await runningCampaigns(db);
    for (const c of list) {
      report.campaigns++;
      try {
        await runCampaign(c, now, report);
      } catch (err) {
        deps.log.error(
          { err: (err as { cause?: unknown }).cause ?? err, campaignId: c.id },
          'campaign tick failed',
        );
      }
    }
    for (const c of deps.requeueCalls ? await runningCallCampaigns(db) : []) {
      try {
        await runCallFollowUps(c, now, report);
      } catch (err) {
        deps.log.error(
          { err: (err as { cause?: unknown }).cause ?? err, campaignId: c.id },
          'call campaign follow-ups failed',
        );
      }
    }
    return report;
  }

  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = tick()
        .catch((err: unknown) => deps.log.error({ err }, 'campaign engine tick failed'))
        .finally(() => {
          running = null;
          schedule(again ? 0 : options.tickMs);
          again = false;
        });
    }, ms);
  }

  /**
   * Whether a follow-up call waiting in a queue is still to be dialled, asked by the dialler just
   * before it dials it (ADR 046 addendum): decided again as the tick decided it when it queued it (a
   * reply or opt-out, a member's own text or call, the number DNC or Wrong #, a status the campaign
   * does not target stop it). A stopped one gets its stop reason on its row; the dialler drops the
   * entry. Anything that is not a queued follow-up call is dialled as before.
   */
  async function followUpStillDue(e: { teamId: string; campaignId: string; itemId: string; at: Date }) {
    const r = await queuedFollowUpCall(db, e.teamId, e.campaignId, e.itemId);
    if (!r) return true;
    const facts = await recipientFacts(db, [e.itemId], e.at);
    const d = decideCallFollowUp(
      {
        followUp: r.followUp,
        identifierId: r.identifierId,
        statusId: r.statusId,
        lastMessage: r.lastMessage,
        state: r.state as 'waiting',
        tried: r.tried,
      },
      { phones: facts.phonesOf(e.itemId), manualAt: facts.manualAt(e.itemId) },
      { createdAt: new Date(r.createdAt), statusIds: r.statusIds },
    );
    if (d.kind === 'queue') return true;
    await writeCallSteps(db, [
      { id: r.id, state: 'stopped', reason: d.reason, nextAt: e.at.toISOString(), waitReason: null },
    ]);
    deps.realtime.toTeam(e.teamId, 'campaignChanged', { campaignId: e.campaignId });
    return false;
  }

  return {
    tick,
    followUpStillDue,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(options.tickMs);
    },
    /** Runs a tick soon (a launch or a resume), without waiting for the next beat. */
    kick() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      if (timer) clearTimeout(timer);
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type CampaignEngine = ReturnType<typeof createCampaignEngine>;
