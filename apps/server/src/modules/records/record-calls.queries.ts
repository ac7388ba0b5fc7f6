import type { CallStatus } from '@prospector/core';
import { and, eq, sql } from 'drizzle-orm';
import { uuidArray } from '../../db/arrays.js';
import type { Db } from '../../db/client.js';
import { items, messages, statuses } from '../../db/schema/index.js';
import { insertIdentifier, insertItem } from './records.queries.js';

/*
 * A record's side of its calls (ADR 048, ADR 062): the calls module owns its queue and calls, and writes
 * the records' flags and threads through these, in its own transaction where it holds one.
 */

/** The board's 'queued' flag of these records, in the caller's transaction (one statement). */
export async function setRecordsQueued(tx: Db, itemIds: readonly string[], queued: boolean) {
  if (itemIds.length === 0) return;
  await tx.execute(sql`update items set queued = ${queued} where id = any(${uuidArray(itemIds)})`);
}

/**
 * A caller the team does not have: a new contact, 'Not contacted', with the number as its primary
 * phone. Answers the contact's id.
 */
export async function createContactFromCall(db: Db, c: { teamId: string; phone: string; at: Date }) {
  return db.transaction(async (tx) => {
    const [st] = await tx
      .select({ id: statuses.id })
      .from(statuses)
      .where(and(eq(statuses.teamId, c.teamId), eq(statuses.text, 'Not contacted')));
    const item = await insertItem(tx, {
      teamId: c.teamId,
      type: 'contact',
      data: {},
      statusId: st?.id ?? null,
      lastActivityAt: c.at,
      createdAt: c.at,
      updatedAt: c.at,
    });
    await insertIdentifier(tx, {
      teamId: c.teamId,
      itemId: item.id,
      value: c.phone,
      primary: true,
      status: '',
      createdAt: c.at,
    });
    return item.id;
  });
}

export type CallOnThread = {
  teamId: string;
  itemId: string;
  body: string;
  direction: 'in' | 'out';
  phone: string;
  from: string;
  senderId: string | null;
  status: CallStatus;
  vmUrl: string | null;
  at: Date;
  /** Answered calls and left voicemails count as contact for campaigns' 'last contacted'. */
  isContact: boolean;
};

/** A call on the record's thread (direction, duration, status, voicemail link), and the record touched. */
export async function addCallToThread(db: Db, m: CallOnThread) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        teamId: m.teamId,
        itemId: m.itemId,
        body: m.body,
        direction: m.direction,
        phone: m.phone,
        sentFrom: m.from,
        senderId: m.senderId,
        status: m.status,
        system: true,
        vmUrl: m.vmUrl,
        createdAt: m.at,
      })
      .returning();
    await tx
      .update(items)
      .set({ lastActivityAt: m.at, updatedAt: m.at, ...(m.isContact ? { lastContactedAt: m.at } : {}) })
      .where(eq(items.id, m.itemId));
    return row!;
  });
}
