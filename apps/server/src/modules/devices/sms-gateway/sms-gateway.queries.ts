import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { deviceCodes, devices, smsJobs, teams } from '../../../db/schema/index.js';

/*
 * The statements of the SMS Gateway app's mobile API: one-time codes (device_codes), the app's token
 * (devices.token_hash) and which of its accepted texts the phone confirmed holding (sms_jobs.external_id,
 * the id the app keeps for the text: ours).
 */

export async function insertCode(db: Db, row: typeof deviceCodes.$inferInsert) {
  await db.insert(deviceCodes).values(row);
}

/** Uses a code once: only an unused, unexpired one answers, and it is spent in the same statement. */
export async function takeCode(db: Db, codeHash: string, now: Date) {
  const [row] = await db
    .update(deviceCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(deviceCodes.codeHash, codeHash),
        isNull(deviceCodes.usedAt),
        sql`${deviceCodes.expiresAt} > ${now}`,
      ),
    )
    .returning({ teamId: deviceCodes.teamId, deviceId: deviceCodes.deviceId });
  return row ?? null;
}

export async function findDeviceByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(devices).where(eq(devices.tokenHash, tokenHash));
  return row ?? null;
}

export async function teamPpgl(db: Db, teamId: string) {
  const [row] = await db.select({ ppgl: teams.ppgl }).from(teams).where(eq(teams.id, teamId));
  return row?.ppgl ?? 100;
}

/** The phone said it holds these texts (any state came back): they are not offered to it again. */
export async function markHeld(db: Db, deviceId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(smsJobs)
    .set({ externalId: sql`${smsJobs.id}::text` })
    .where(
      and(
        eq(smsJobs.deviceId, deviceId),
        inArray(smsJobs.id, ids),
        eq(smsJobs.state, 'accepted'),
        isNull(smsJobs.externalId),
      ),
    );
}

/** Texts handed to the phone that it has not confirmed: handed out again on its next pull. */
export function unheldAccepted(db: Db, deviceId: string) {
  return queryRows<{ id: string; to: string; body: string; attempt: number; createdAt: string }>(
    db,
    sql`select id, "to", body, attempt, created_at as "createdAt" from sms_jobs
      where device_id = ${deviceId} and state = 'accepted' and external_id is null
      order by created_at, id`,
  );
}

/** Of these devices, those with a text due that they have room for (`maxInFlight`): worth a MessageEnqueued. */
export async function devicesWithWork(db: Db, ids: string[], maxInFlight: number, now: Date) {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ deviceId: string }>(
    db,
    sql`select q.device_id as "deviceId" from (
        select device_id from sms_jobs
        where device_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
          and state = 'queued' and next_attempt_at <= ${now}
        group by device_id) q
      where (select count(*) from sms_jobs f where f.device_id = q.device_id
        and f.state in ('offered', 'accepted')) < ${maxInFlight}`,
  );
  return rows.map((r) => r.deviceId);
}

/** The phones whose stream is open here are alive: one statement for all of them. */
export async function touchDevices(db: Db, ids: string[], now: Date) {
  if (ids.length === 0) return;
  await db.update(devices).set({ connected: true, pingedAt: now }).where(inArray(devices.id, ids));
}
