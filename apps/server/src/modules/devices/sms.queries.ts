import type { Db } from '../../db/client.js';
import { smsJobs } from '../../db/schema/index.js';

export type SmsJobRow = typeof smsJobs.$inferInsert;

/** A text for a device to send, queued in the caller's transaction beside its message. */
export async function insertJob(tx: Db, row: typeof smsJobs.$inferInsert) {
  await tx.insert(smsJobs).values(row);
}

/** Texts for devices to send, queued in one statement in the caller's transaction (a campaign's tick). */
export async function insertJobs(tx: Db, rows: readonly SmsJobRow[]) {
  await tx.insert(smsJobs).values([...rows]);
}
