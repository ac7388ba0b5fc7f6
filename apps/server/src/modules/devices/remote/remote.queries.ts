import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { devices, smsJobs } from '../../../db/schema/index.js';

/** Devices the server calls itself (docs/device-protocol.md): every process polls them. */
export function remoteDevices(db: Db) {
  return db
    .select()
    .from(devices)
    .where(inArray(devices.transport, ['sms_gateway_local', 'bluebubbles']));
}

/** Texts the device took and has not finished with ('accepted' or 'sent': delivery may still come). */
export function heldJobs(db: Db, deviceId: string) {
  return db
    .select({
      id: smsJobs.id,
      externalId: smsJobs.externalId,
      attempt: smsJobs.attempt,
      acceptedAt: smsJobs.acceptedAt,
    })
    .from(smsJobs)
    .where(and(eq(smsJobs.deviceId, deviceId), inArray(smsJobs.state, ['accepted', 'sent'])));
}

/** The jobs of a device with these device-side ids (BlueBubbles guids) or our own ids (tempGuid). */
export async function jobsByExternalIds(db: Db, deviceId: string, guids: string[], ids: string[]) {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const ours = ids.filter((id) => uuid.test(id));
  const match = [
    ...(guids.length ? [inArray(smsJobs.externalId, guids)] : []),
    ...(ours.length ? [inArray(smsJobs.id, ours)] : []),
  ];
  if (match.length === 0) return [];
  return db
    .select({
      id: smsJobs.id,
      externalId: smsJobs.externalId,
      attempt: smsJobs.attempt,
      acceptedAt: smsJobs.acceptedAt,
    })
    .from(smsJobs)
    .where(and(eq(smsJobs.deviceId, deviceId), or(...match)));
}

export async function setExternalId(db: Db, jobId: string, externalId: string) {
  await db.update(smsJobs).set({ externalId }).where(eq(smsJobs.id, jobId));
}
