import type { Db } from '../../db/client.js';
import { smsJobs } from '../../db/schema/index.js';

/** A text for a device to send, queued in the caller's transaction beside its message. */
export async function insertJob(tx: Db, row: typeof smsJobs.$inferInsert) {
  await tx.insert(smsJobs).values(row);
}
