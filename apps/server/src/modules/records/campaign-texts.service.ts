import type { Db } from '../../db/client.js';
import * as q from './campaign-texts.queries.js';

/*
 * What a campaign tick writes on its records (ADR 048, ADR 062), in the engine's transaction: one
 * statement each, as when the engine wrote them itself (the tick's statement count is measured).
 */

export type { OutgoingCampaignText } from './campaign-texts.queries.js';

export const campaignTexts = {
  /** The texts on their records' threads, 'queued'; the rows in the order given. */
  insertQueued: (tx: Db, texts: readonly q.OutgoingCampaignText[]) => q.insertQueuedTexts(tx, texts),
  /** Each phone's sticky sender where it has none (no statement when there is none to set). */
  setStickySenders: (tx: Db, sticky: readonly { id: string; v: string }[]) => q.setStickySenders(tx, sticky),
  /** The records' last message and their contact and activity times. */
  setLastTexts: (tx: Db, last: readonly { id: string; m: unknown }[], now: Date) =>
    q.setLastTexts(tx, last, now),
};
