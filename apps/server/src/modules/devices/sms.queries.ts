import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jsonRows } from '../../db/json-rows.js';
import { smsJobs } from '../../db/schema/index.js';

/** A text for a device to send, queued in the caller's transaction beside its message. */
export async function insertJob(tx: Db, row: typeof smsJobs.$inferInsert) {
  await tx.insert(smsJobs).values(row);
}

/** A campaign's text for a device to send (a tick's sends, `insertJobs`). */
export type SmsJobRow = {
  teamId: string;
  deviceId: string;
  fromValue: string;
  itemId: string;
  messageId: string;
  to: string;
  body: string;
  nextAttemptAt: Date;
  createdAt: Date;
  campaignId: string;
  recipientId: string;
  step: number;
  templateId: string | null;
};

const JOB = {
  teamId: 'uuid',
  deviceId: 'uuid',
  fromValue: 'text',
  itemId: 'uuid',
  messageId: 'uuid',
  to: 'text',
  body: 'text',
  nextAttemptAt: 'timestamptz',
  createdAt: 'timestamptz',
  campaignId: 'uuid',
  recipientId: 'uuid',
  step: 'int',
  templateId: 'uuid',
} as const;

/**
 * Texts for devices to send, queued in one statement in the caller's transaction (a campaign's tick),
 * from one JSON parameter: drizzle's VALUES list of 13 parameters a row held the event loop.
 */
export async function insertJobs(tx: Db, jobs: readonly SmsJobRow[]) {
  if (jobs.length === 0) return;
  const json = jobs.map((j) => ({
    ...j,
    nextAttemptAt: j.nextAttemptAt.toISOString(),
    createdAt: j.createdAt.toISOString(),
  }));
  await tx.execute(sql`insert into sms_jobs (team_id, device_id, from_value, item_id, message_id, "to", body,
      next_attempt_at, created_at, campaign_id, recipient_id, step, template_id)
    select x."teamId", x."deviceId", x."fromValue", x."itemId", x."messageId", x."to", x.body, x."nextAttemptAt",
      x."createdAt", x."campaignId", x."recipientId", x.step, x."templateId"
    from ${jsonRows('x', json, JOB)}`);
}
