import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jsonRows } from '../../db/json-rows.js';
import { messages } from '../../db/schema/index.js';

/*
 * A campaign tick's texts on their records (ADR 048, ADR 062): the campaign engine owns its recipients
 * and counters and writes the records' threads, phones and last message here, set-based, in its
 * transaction: one statement each, as before the move.
 */

export type OutgoingCampaignText = {
  teamId: string;
  itemId: string;
  body: string;
  /** The number it goes to, and the device's number it goes out from. */
  phone: string;
  sentFrom: string;
  at: Date;
};

/**
 * The texts on their records' threads, 'queued', in the order given; answers the rows in that order.
 * One JSON parameter, not a VALUES list: drizzle builds a statement of a dozen parameters a row in the
 * event loop's thread, which held it 120–220 ms for a tick's sends (docs/scaling.md, 2026-11-29 (2)).
 */
export async function insertQueuedTexts(tx: Db, texts: readonly OutgoingCampaignText[]) {
  const rows = texts.map((t) => ({ ...t, at: t.at.toISOString() }));
  const columns = {
    teamId: 'uuid',
    itemId: 'uuid',
    body: 'text',
    phone: 'text',
    sentFrom: 'text',
    at: 'timestamptz',
  } as const;
  return tx
    .insert(messages)
    .select(
      sql`select gen_random_uuid(), x."teamId", x."itemId", x.body, 'out', x.phone, x."sentFrom", null::uuid,
          false, false, 'queued', false, null::timestamptz, null, null, x.at
        from ${jsonRows('x', rows, columns)}`,
    )
    .returning();
}

/** Each phone's sticky sender, where it has none yet (`id` the identifier, `v` the device's number). */
export async function setStickySenders(tx: Db, sticky: readonly { id: string; v: string }[]) {
  if (sticky.length === 0) return;
  await tx.execute(sql`update identifiers d set sent_from = u.v
      from ${jsonRows('u', sticky, { id: 'uuid', v: 'text' })}
      where d.id = u.id and d.sent_from is null`);
}

/** The records' last message (`m`, as the board shows it) and their contact and activity times. */
export async function setLastTexts(tx: Db, last: readonly { id: string; m: unknown }[], now: Date) {
  await tx.execute(sql`update items i set last_message = u.m, last_contacted_at = ${now},
      last_activity_at = ${now}, updated_at = ${now}
    from ${jsonRows('u', last, { id: 'uuid', m: 'jsonb' })}
    where i.id = u.id`);
}
