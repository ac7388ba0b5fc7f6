import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { jsonRows } from '../../db/json-rows.js';
import { devices, smsJobs, teams, type JobState } from '../../db/schema/index.js';
import { messageStatusesOfMoves } from '../records/index.js';
import { blockedCountsOfMoves } from '../templates/index.js';

export type DeviceRow = typeof devices.$inferSelect;
export type JobRow = typeof smsJobs.$inferSelect;

export function listDevices(db: Db, teamId: string) {
  return db.select().from(devices).where(eq(devices.teamId, teamId)).orderBy(asc(devices.createdAt));
}

export async function findDevice(db: Db, id: string) {
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  return row ?? null;
}

export async function insertDevice(db: Db, row: typeof devices.$inferInsert) {
  const [device] = await db.insert(devices).values(row).onConflictDoNothing().returning();
  return device ?? null;
}

/** Records that a member was handed the device's credentials (once per member). */
export async function addHolder(db: Db, deviceId: string, userId: string) {
  await db.execute(sql`update devices set holders = array_append(holders, ${userId}::uuid)
    where id = ${deviceId} and not (${userId}::uuid = any(holders))`);
}

/**
 * Voids the credentials of every device of the team the member was handed: the agent's token (its
 * version moves on) and the SMS Gateway app's token; the device stays, disconnected, for the admin to
 * pair again. Answers the devices voided.
 */
export async function voidHeldDevices(db: Db, teamId: string, userId: string, now: Date) {
  return db
    .update(devices)
    .set({
      tokenVersion: sql`${devices.tokenVersion} + 1`,
      tokenHash: null,
      connected: false,
      disconnectedAt: now,
      holders: sql`array_remove(${devices.holders}, ${userId}::uuid)`,
    })
    .where(and(eq(devices.teamId, teamId), sql`${userId}::uuid = any(${devices.holders})`))
    .returning({ id: devices.id });
}

export async function deleteDevices(db: Db, teamId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const gone = await db
    .delete(devices)
    .where(and(eq(devices.teamId, teamId), or(inArray(devices.id, ids), inArray(devices.macId, ids))))
    .returning({ id: devices.id });
  return gone.length;
}

export async function updateDevice(db: Db, id: string, set: Partial<typeof devices.$inferInsert>) {
  await db.update(devices).set(set).where(eq(devices.id, id));
}

export async function teamTimezone(db: Db, teamId: string) {
  const [row] = await db.select({ timezone: teams.timezone }).from(teams).where(eq(teams.id, teamId));
  return row?.timezone ?? null;
}

/** The device's team's calendar day at `now`, in the team's time zone (UTC without one), as SQL. */
const teamDay = (deviceId: string, now: Date) => sql`(select (${now.toISOString()}::timestamptz
  at time zone coalesce(t.timezone, 'UTC'))::date from devices d join teams t on t.id = d.team_id
  where d.id = ${deviceId})`;

/** Counts texts on the device's daily counter, starting over when the team's local day changed. */
export async function countOnDevice(db: Db, id: string, now: Date, column: 'sent' | 'received', n = 1) {
  const target = column === 'sent' ? sql`sent_today` : sql`received_today`;
  const other = column === 'sent' ? sql`received_today` : sql`sent_today`;
  await db.execute(sql`
    with today as (select ${teamDay(id, now)} as day)
    update devices set
      ${target} = case when counter_day = today.day then ${target} + ${n} else ${n} end,
      ${other} = case when counter_day = today.day then ${other} else 0 end,
      counter_day = today.day
    from today
    where id = ${id}`);
}

/**
 * Jobs a device may be offered now: new or due for retry, oldest first, claimed for this process, as
 * many as bring its offered and accepted jobs up to `maxInFlight` (counted in the same statement).
 */
export async function claimJobs(db: Db, deviceId: string, maxInFlight: number, now: Date) {
  if (maxInFlight <= 0) return [];
  return queryRows<{ id: string; to: string; body: string; attempt: number }>(
    db,
    sql`
    update sms_jobs j set state = 'offered', offered_at = ${now}
    from (
      select id from sms_jobs
      where device_id = ${deviceId} and state = 'queued' and next_attempt_at <= ${now}
        -- A suspended team's devices get no job (ADR 025); its queued texts wait for the suspension to lift.
        and not exists (select 1 from teams t where t.id = sms_jobs.team_id and t.suspended_at is not null)
      order by created_at, id
      limit greatest(0, ${maxInFlight}::int - (
        select count(*)::int from sms_jobs where device_id = ${deviceId} and state in ('offered', 'accepted')))
      for update skip locked
    ) picked
    where j.id = picked.id
    returning j.id, j."to", j.body, j.attempt`,
  );
}

/** Texts waiting for or on a device: its load besides what it sent today. */
export async function pendingJobs(db: Db, deviceId: string) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sms_jobs where device_id = ${deviceId} and state in ('queued', 'offered', 'accepted')`,
  );
  return Number(row?.n ?? 0);
}

/** Jobs the device accepted earlier and has not reported: offered again when it reconnects. */
export function acceptedJobs(db: Db, deviceId: string) {
  return db
    .select({ id: smsJobs.id, to: smsJobs.to, body: smsJobs.body, attempt: smsJobs.attempt })
    .from(smsJobs)
    .where(and(eq(smsJobs.deviceId, deviceId), eq(smsJobs.state, 'accepted')))
    .orderBy(asc(smsJobs.createdAt));
}

/** Jobs by id, whichever device holds them (callers check each job's device). */
export async function jobsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(smsJobs).where(inArray(smsJobs.id, ids));
}

/** Moves only jobs still offered to (or already accepted by) this device; the rest are refused. */
export async function acceptJobs(db: Db, deviceId: string, ids: string[], now: Date) {
  const rows = await db
    .update(smsJobs)
    .set({ state: 'accepted', acceptedAt: now })
    .where(
      and(
        inArray(smsJobs.id, ids),
        eq(smsJobs.deviceId, deviceId),
        inArray(smsJobs.state, ['offered', 'accepted'] satisfies JobState[]),
      ),
    )
    .returning({ id: smsJobs.id });
  return rows.map((r) => r.id);
}

export async function jobsOf(db: Db, deviceId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(smsJobs)
    .where(and(eq(smsJobs.deviceId, deviceId), inArray(smsJobs.id, ids)));
}

export async function updateJob(db: Db, id: string, set: Partial<typeof smsJobs.$inferInsert>) {
  await db.update(smsJobs).set(set).where(eq(smsJobs.id, id));
}

/** A dropped device's offers go back to the queue: it never accepted them, so it cannot send them. */
export async function requeueOffered(db: Db, deviceId: string | null, olderThan: Date) {
  return queryRows<{ id: string; deviceId: string }>(
    db,
    sql`
    update sms_jobs set state = 'queued', offered_at = null
    where state = 'offered' and offered_at <= ${olderThan}
      ${deviceId ? sql`and device_id = ${deviceId}` : sql``}
    returning id, device_id as "deviceId"`,
  );
}

/**
 * Jobs of a device away too long fail: accepted ones because only that phone knows whether they left
 * it (never re-sent elsewhere), queued ones because the sender the contact knows is gone.
 */
export async function failStranded(db: Db, disconnectedBefore: Date, now: Date, error: string) {
  return queryRows<{ id: string; messageId: string | null; itemId: string | null; teamId: string }>(
    db,
    sql`
    update sms_jobs j set state = 'failed', error = ${error}, done_at = ${now}
    from devices d
    where j.device_id = d.id and j.state in ('accepted', 'queued') and not d.connected
      and d.disconnected_at <= ${disconnectedBefore}
    returning j.id, j.message_id as "messageId", j.item_id as "itemId", j.team_id as "teamId"`,
  );
}

export function simulatedDevices(db: Db) {
  return db.select().from(devices).where(eq(devices.simulated, true));
}

export type JobMove = {
  id: string;
  /** The state the move was decided from: it only applies if the job is still in it. */
  from: JobState;
  state: JobState;
  attempt: number;
  nextAttemptAt: Date | null;
  error: string | null;
  doneAt: Date | null;
  sentAt: Date | null;
};

const MOVE = {
  id: 'uuid',
  deviceId: 'uuid',
  from: 'text',
  state: 'text',
  attempt: 'int',
  nextAt: 'timestamptz',
  error: 'text',
  doneAt: 'timestamptz',
  sentAt: 'timestamptz',
  counted: 'boolean',
} as const;

/**
 * Applies a batch of report moves in one statement, atomic on its own: the jobs still in the state each
 * move was decided from move; their messages take the new status (not a retry's 'queued'); templates
 * count the texts that failed for good (those two parts are the records' and the templates', ADR 062);
 * each device's daily counter (the day at `now` in its team's zone) counts the moves marked `counted`.
 * Returns the jobs that moved. A batch applied twice moves nothing twice.
 */
export function applyMoves(db: Db, moves: (JobMove & { counted: boolean; deviceId: string })[], now: Date) {
  const rows = moves.map((m) => ({
    id: m.id,
    deviceId: m.deviceId,
    from: m.from,
    state: m.state,
    attempt: m.attempt,
    nextAt: m.nextAttemptAt?.toISOString() ?? null,
    error: m.error,
    doneAt: m.doneAt?.toISOString() ?? null,
    sentAt: m.sentAt?.toISOString() ?? null,
    counted: m.counted,
  }));
  return queryRows<{
    id: string;
    teamId: string;
    itemId: string | null;
    messageId: string | null;
    body: string;
    fromValue: string;
    to: string;
    state: JobState;
    templateId: string | null;
  }>(
    db,
    sql`
    with x as (
      select * from ${jsonRows('x', rows, MOVE)}),
    moved as (
      update sms_jobs j set
        state = x.state,
        attempt = x.attempt,
        next_attempt_at = coalesce(x."nextAt", j.next_attempt_at),
        offered_at = case when x.state = 'queued' then null else j.offered_at end,
        accepted_at = case when x.state = 'queued' then null else j.accepted_at end,
        sent_at = coalesce(x."sentAt", j.sent_at),
        done_at = coalesce(x."doneAt", j.done_at),
        error = coalesce(x.error, j.error)
      from x
      where j.id = x.id and j.device_id = x."deviceId" and j.state = x."from"
      returning j.id, j.device_id, j.team_id, j.item_id, j.message_id, j.body, j.from_value, j."to", j.state, j.template_id,
        x.counted),
    statuses as (${messageStatusesOfMoves('moved')}),
    blocked as (${blockedCountsOfMoves('moved')}),
    sent as (select device_id, count(*)::int as n from moved where counted group by device_id),
    today as (
      select s.device_id, s.n,
        (${now.toISOString()}::timestamptz at time zone coalesce(t.timezone, 'UTC'))::date as day
      from sent s join devices d on d.id = s.device_id join teams t on t.id = d.team_id),
    counter as (
      update devices set
        sent_today = case when counter_day = today.day then sent_today + today.n else today.n end,
        received_today = case when counter_day = today.day then received_today else 0 end,
        counter_day = today.day
      from today
      where id = today.device_id)
    select id, team_id as "teamId", item_id as "itemId", message_id as "messageId", body, from_value as "fromValue",
      "to", state, template_id as "templateId" from moved`,
  );
}

/** Texts waiting on each of these devices (queued, offered or accepted), in one query. */
export async function pendingByDevice(db: Db, deviceIds: string[]) {
  if (deviceIds.length === 0) return new Map<string, number>();
  const rows = await queryRows<{ deviceId: string; n: number }>(
    db,
    sql`select device_id as "deviceId", count(*)::int as n from sms_jobs
      where device_id in (select jsonb_array_elements_text(${JSON.stringify(deviceIds)}::jsonb)::uuid)
        and state in ('queued', 'offered', 'accepted')
      group by device_id`,
  );
  return new Map(rows.map((r) => [r.deviceId, Number(r.n)]));
}
