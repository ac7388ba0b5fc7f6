import {
  isInSendWindow,
  monthWindow,
  planLimitBlocker,
  queueBlocker,
  sendGapMs,
  type SlotCapacity,
} from '@prospector/core';
import type { Db } from '../../../db/client.js';
import { toMessageDto } from '../../records/index.js';
import {
  claimDueRecipients,
  finishCampaign,
  hasRecipientsLeft,
  lockDeviceDays,
  setCampaignWait,
  type CampaignRow,
  type DeviceDayRow,
} from './campaign-engine.queries.js';
import type { CampaignEngineOptions, EngineContext, TickReport } from './campaign-engine.deps.js';
import { decideBatch } from './decide.js';
import { planTick, type TickPlan } from './tick-plan.js';
import { writeSends, type Send } from './write-sends.queries.js';

/** Finishes the campaign; the team's screens and the `campaign.finished` subscriptions (ADR 045) hear of it. */
async function finish(ctx: EngineContext, c: CampaignRow, now: Date, reason: 'ended' | null) {
  await finishCampaign(ctx.db, c.id, now, reason);
  ctx.realtime.toTeam(c.teamId, 'campaignChanged', { campaignId: c.id });
  ctx.events?.publish(c.teamId, 'campaign.finished', {
    campaignId: c.id,
    name: c.name,
    finishedAt: now.toISOString(),
  });
}

/** What each locked device may still send: this tick, today, and to contacts texted for the first time. */
function deviceCapacity(days: DeviceDayRow[], dailyLimit: number, options: CampaignEngineOptions, now: Date) {
  const perTick = options.gapMaxMs > 0 ? 1 : options.perDeviceBatch;
  const capacity = new Map<string, SlotCapacity>();
  for (const d of days) {
    const next = d.nextSendAt ? new Date(d.nextSendAt) : null;
    const ready = !next || next.getTime() <= now.getTime();
    const dailyLeft = Math.max(0, dailyLimit - d.sent);
    capacity.set(d.deviceId, {
      slots: ready ? Math.min(perTick, dailyLeft) : 0,
      dailyLeft,
      firstTouchLeft: Math.max(0, options.firstTouchCap - d.firstTouch),
      load: d.sent,
      nextSendAt: next,
    });
  }
  return capacity;
}

/** Locks the usable devices' counters of the day (one another engine holds is left out) and reads their capacity. */
async function lockCapacity(ctx: EngineContext, tx: Db, t: TickPlan, now: Date) {
  const days = t.usable.length
    ? await lockDeviceDays(
        tx,
        t.usable.map((s) => s.deviceId),
        t.day,
      )
    : [];
  return deviceCapacity(days, t.team?.ppgl ?? 100, ctx.options, now);
}

/** The tick's transaction: the devices' counters locked, the due recipients claimed, decided and written. */
async function sendDue(ctx: EngineContext, tx: Db, c: CampaignRow, t: TickPlan, now: Date) {
  const planLeft = await ctx.planSmsLeft(tx, c.teamId, now);
  // The plan's month is used up: every recipient waits until the month turns in the team's zone
  // (the plan's month, rules/billing.ts) or the team upgrades; the details say so.
  if (planLeft === 0) {
    await setCampaignWait(tx, c, planLimitBlocker(monthWindow(now, t.team?.timezone ?? null).end));
    return { sends: [] as Send[], decided: 0, empty: false, waitingForPlan: true };
  }
  const maxSends = Math.min(ctx.options.maxPerTick, planLeft ?? Infinity);
  const capacity = await lockCapacity(ctx, tx, t, now);
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
    slots: t.slots,
    capacity,
    templates: t.templates,
    followUpTemplates: t.followUpTemplates,
    teamHours: t.teamHours,
    fieldNames: t.fieldNames,
    now,
    timezone: t.tz,
    nextDayAt: t.nextDayAt,
    zonesOf: ctx.zonesOf,
    stateOf: ctx.stateOf ?? (async () => null),
    maxSends,
  });
  // Why the recipients left in line wait, as the devices stand after this tick's texts.
  await setCampaignWait(tx, c, queueBlocker(t.slots, capacity, t.nextDayAt));
  const sends = await writeSends(tx, c, decisions, now, t.day, () =>
    sendGapMs(ctx.random(), ctx.options.gapMinMs, ctx.options.gapMaxMs),
  );
  return { sends, decided: decisions.length, empty: false, waitingForPlan: false };
}

/** The new texts reach the screens of those who may read their records; their devices are woken. */
async function announceSends(ctx: EngineContext, c: CampaignRow, sends: Send[]) {
  const rt = ctx.realtime;
  const audience = await rt.recordAudience(
    c.teamId,
    sends.map((s) => s.message.itemId),
  );
  for (const s of sends) {
    const to = audience(s.message.itemId);
    rt.toRooms(to, 'messageAdded', { itemId: s.message.itemId, message: toMessageDto(s.message, null) });
    rt.toRooms(to, 'inboxChanged', { itemId: s.message.itemId });
  }
  rt.toTeam(c.teamId, 'campaignChanged', { campaignId: c.id });
  for (const agent of new Set(sends.map((s) => s.agentId))) ctx.kickDevice(agent);
}

/**
 * One text campaign's tick: finished once its end date passed; inside its weekly window, its due
 * recipients are decided and texted in one transaction; finished when none is left.
 */
export async function runCampaign(ctx: EngineContext, c: CampaignRow, now: Date, report: TickReport) {
  if (c.endDate && now.getTime() >= c.endDate.getTime()) {
    await finish(ctx, c, now, 'ended');
    report.finished++;
    return;
  }
  if (!isInSendWindow({ ...c, timezone: c.timezone }, now)) return;
  const plan = await planTick(ctx, c, now);
  const result = await ctx.db.transaction((tx) => sendDue(ctx, tx, c, plan, now));
  if (result.waitingForPlan) report.planLimited++;
  report.sent += result.sends.length;
  if (result.empty) {
    if (!(await hasRecipientsLeft(ctx.db, c.id))) {
      await finish(ctx, c, now, null);
      report.finished++;
    }
    return;
  }
  if (result.sends.length === 0) return;
  await announceSends(ctx, c, result.sends);
}
