import type { Db } from '../../db/client.js';
import { insertJobs, type SmsJobRow } from './sms.queries.js';

export type { SmsJobRow } from './sms.queries.js';

/**
 * Texts for devices to send, in one statement in the caller's transaction, beside their messages: a
 * campaign tick's sends (ADR 048, ADR 062). The devices module owns the jobs; the campaign only asks.
 */
export const queueDeviceTexts = (tx: Db, rows: readonly SmsJobRow[]) => insertJobs(tx, rows);
