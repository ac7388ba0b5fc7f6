import type { QueueBlocker } from '@prospector/core';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { textArray, uuidArray } from '../../../db/arrays.js';
import { jsonRows } from '../../../db/json-rows.js';
import { campaigns } from '../../../db/schema/index.js';

export type CampaignRow = typeof campaigns.$inferSelect;

type Values = Record<string, string | number | boolean | null | undefined>;

/** A due recipient as the tick claims it, with its record's status, fields and last message. */
export type DueRow = {
  id: string;
  seq: number | string;
  itemId: string;
  identifierId: string | null;
  state: 'pending' | 'waiting';
  step: number;
  followUp: number;
  tried: string[];
  statusId: string | null;
  data: Values;
  custom: Record<string, unknown>;
  lastMessage: { direction?: 'in' | 'out'; createdAt: string } | null;
};

/** A device's campaign counters on one day of the team's zone. */
export type DeviceDayRow = {
  deviceId: string;
  sent: number;
  firstTouch: number;
  nextSendAt: Date | string | null;
};

/**
 * The campaigns that send: started and not paused text campaigns (a call campaign fills queues) of
 * teams our staff have not suspended (ADR 025: a suspension stops them at the next tick).
 */
export function runningCampaigns(db: Db) {
  return db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'In Progress'),
        eq(campaigns.paused, false),
        eq(campaigns.campaignType, 'Text'),
        sql`not exists (select 1 from teams t where t.id = ${campaigns.teamId} and t.suspended_at is not null)`,
      ),
    );
}

/**
 * The call campaigns with follow-up calls that run: their due steps go back into the callers' queues
 * (ADR 046). Teams our staff suspended are left out, as for texts.
 */
export function runningCallCampaigns(db: Db) {
  return db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'In Progress'),
        eq(campaigns.paused, false),
        eq(campaigns.campaignType, 'Call'),
        sql`jsonb_array_length(${campaigns.followUps}) > 0`,
        sql`not exists (select 1 from teams t where t.id = ${campaigns.teamId} and t.suspended_at is not null)`,
      ),
    );
}

/**
 * Writes a call campaign's follow-up decisions: stopped ones with their reason; those queued again
 * wait in the queue (`inCallQueue`, until their call ends); those whose entry was still queued for
 * another campaign look again in an hour.
 */
export async function writeCallSteps(
  tx: Db,
  rows: {
    id: string;
    state: 'stopped' | 'waiting' | 'pending';
    reason: string | null;
    nextAt: string;
    waitReason: string | null;
  }[],
) {
  if (rows.length === 0) return;
  const u = jsonRows('u', rows, {
    id: 'uuid',
    state: 'text',
    reason: 'text',
    nextAt: 'timestamptz',
    waitReason: 'text',
  });
  await tx.execute(sql`update campaign_recipients r set state = u.state, reason = u.reason,
      next_at = u."nextAt", wait_reason = u."waitReason"
    from ${u}
    where r.id = u.id`);
}

/**
 * A call campaign's follow-up call waiting in a queue (ADR 046 addendum), with what deciding it again
 * needs; null when the contact's queued entry is no follow-up of a running call campaign.
 */
export async function queuedFollowUpCall(db: Db, teamId: string, campaignId: string, itemId: string) {
  const [row] = await queryRows<{
    id: string;
    identifierId: string | null;
    state: string;
    followUp: number;
    tried: string[];
    statusId: string | null;
    lastMessage: { direction: 'in' | 'out'; createdAt: string } | null;
    createdAt: Date | string;
    statusIds: string[];
  }>(
    db,
    sql`select r.id, r.identifier_id as "identifierId", r.state, r.follow_up as "followUp", r.tried,
        i.status_id as "statusId", i.last_message as "lastMessage", c.created_at as "createdAt",
        c.status_ids as "statusIds"
      from campaign_recipients r join campaigns c on c.id = r.campaign_id join items i on i.id = r.item_id
      where r.campaign_id = ${campaignId} and r.item_id = ${itemId} and c.team_id = ${teamId}
        and c.campaign_type = 'Call' and r.state = 'waiting' and r.wait_reason = 'inCallQueue'
        and r.follow_up > 0`,
  );
  return row ?? null;
}

/** Finishes a running campaign; `reason` stops the recipients still due (an end date passed). */
export async function finishCampaign(db: Db, campaignId: string, now: Date, reason: 'ended' | null) {
  await db.transaction(async (tx) => {
    await tx
      .update(campaigns)
      .set({ status: 'Finished', finishedAt: now })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'In Progress')));
    if (reason)
      await tx.execute(sql`update campaign_recipients set state = 'stopped', reason = ${reason}
        where campaign_id = ${campaignId} and state in ('pending', 'waiting')`);
  });
}

/** Makes the devices' counter rows for `day`, so the tick can lock them. */
export async function openDeviceDays(db: Db, deviceIds: readonly string[], day: string) {
  await db.execute(sql`insert into device_campaign_days (device_id, day)
    select x, ${day}::date from unnest(${uuidArray(deviceIds)}) x
    on conflict do nothing`);
}

/** Locks the devices' counters for the tick; a device another engine holds is left out (SKIP LOCKED). */
export function lockDeviceDays(tx: Db, deviceIds: readonly string[], day: string) {
  return queryRows<DeviceDayRow>(
    tx,
    sql`select device_id as "deviceId", sent, first_touch as "firstTouch", next_send_at as "nextSendAt"
      from device_campaign_days
      where day = ${day}::date and device_id = any(${uuidArray(deviceIds)})
      for update skip locked`,
  );
}

/** Claims up to `limit` due recipients of the campaign, oldest first (SKIP LOCKED). */
export function claimDueRecipients(tx: Db, campaignId: string, now: Date, limit: number) {
  return queryRows<DueRow>(
    tx,
    sql`select r.id, r.seq, r.item_id as "itemId", r.identifier_id as "identifierId", r.state, r.step,
        r.follow_up as "followUp", r.tried, i.status_id as "statusId", i.data, i.custom,
        i.last_message as "lastMessage"
      from campaign_recipients r join items i on i.id = r.item_id
      where r.campaign_id = ${campaignId} and r.state in ('pending', 'waiting') and r.next_at <= ${now}
      order by r.next_at, r.seq
      limit ${limit}
      for update of r skip locked`,
  );
}

/** Whether any recipient of the campaign is still due, now or later. */
export async function hasRecipientsLeft(db: Db, campaignId: string) {
  const [left] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from campaign_recipients
      where campaign_id = ${campaignId} and state in ('pending', 'waiting') limit 1) x`,
  );
  return !!left?.n;
}

/** Each sender's last `window` finished texts' states, newest first (the device-health check). */
export async function recentFinishedStates(db: Db, teamId: string, fromValues: string[], window: number) {
  return queryRows<{ fromValue: string; states: string[] }>(
    db,
    sql`select v.value as "fromValue", array(
        select j.state from sms_jobs j
        where j.team_id = ${teamId} and j.from_value = v.value and j.state in ('sent', 'delivered', 'failed')
        order by j.created_at desc limit ${window}) as states
      from unnest(${textArray(fromValues)}) as v(value)`,
  );
}

export async function setPausedDevices(db: Db, campaignId: string, pausedDevices: string[]) {
  await db.update(campaigns).set({ pausedDevices }).where(eq(campaigns.id, campaignId));
}

/** Records why the campaign's line of due recipients does not move (null: it does); written only on change. */
export async function setCampaignWait(db: Db, c: CampaignRow, blocker: QueueBlocker | null) {
  const reason = blocker?.reason ?? null;
  const until = blocker?.until ?? null;
  if (c.waitReason === reason && (c.waitUntil?.getTime() ?? null) === (until?.getTime() ?? null)) return;
  await db.update(campaigns).set({ waitReason: reason, waitUntil: until }).where(eq(campaigns.id, c.id));
  c.waitReason = reason;
  c.waitUntil = until;
}
