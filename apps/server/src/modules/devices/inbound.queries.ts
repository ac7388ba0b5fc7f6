import { classifyReply, formatPhone, type InboundSms, type PhoneCountry } from '@prospector/core';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { messages } from '../../db/schema/index.js';
import { createContactFromText, takeKnownText, type KnownTextHit } from '../records/index.js';
import type * as q from './devices.queries.js';

/*
 * The inbound path's statements (the reply path of decision 009): a known number's text is one
 * statement, records' part (ADR 062) with the dedupe row as ours; an unknown number becomes a contact
 * through records, in the same transaction.
 */

type MessageRow = typeof messages.$inferSelect;

export type TakenText = {
  message: MessageRow;
  system: MessageRow | null;
  itemId: string;
  assignedTo: string[];
  optOut: boolean;
  from: string;
  /** The number was new: this text made its contact. */
  created?: boolean;
};

// The phone as every screen shows it (formatPhone: national at home, international otherwise).
const systemLine = (from: string, optOut: boolean, home: PhoneCountry) =>
  optOut
    ? `${formatPhone(from, home)} asked not to be texted again and is now marked DNC.`
    : `${formatPhone(from, home)} said it is a wrong number and is now marked Wrong #.`;

function messageRow(
  m: Partial<MessageRow> & Pick<MessageRow, 'id' | 'teamId' | 'itemId' | 'body' | 'createdAt'>,
) {
  return {
    direction: 'in',
    phone: null,
    sentFrom: null,
    senderId: null,
    comment: false,
    isIm: false,
    status: null,
    system: false,
    due: null,
    file: null,
    vmUrl: null,
    ...m,
  } as MessageRow;
}

/**
 * Takes one text a device received: ignored when the device reported it before. For a known number
 * one statement, atomic on its own and outside any transaction (a single round trip, since under a
 * flood of delivery reports every round trip waits its turn in the event loop), records it, marks the
 * phone's sticky device, applies an opt-out or a wrong number (with its system message) and raises the
 * record's unread count. An unknown number becomes a new contact, in a transaction.
 */
export async function takeInbound(
  udb: Db,
  device: q.DeviceRow,
  text: InboundSms,
  from: string,
  now: Date,
  /** The team's 'Not contacted' status, read within the transaction (PGlite has one connection). */
  notContacted: (tx: Db) => Promise<string | null>,
  /**
   * The team's home country: the system line shows the number as the team's screens do. Asked only
   * for an opt-out or a wrong number, so an ordinary reply costs no statement more.
   */
  homeCountry: () => Promise<PhoneCountry> = async () => 'US',
): Promise<TakenText | null> {
  const verdict = classifyReply(text.body);
  const status = verdict === 'optOut' ? 'DNC' : verdict ? 'Wrong #' : null;
  const home = status ? await homeCountry() : 'US';
  const systemBody = (n: string, optOut: boolean) => systemLine(n, optOut, home);
  const at = new Date(text.at);
  const teamId = device.teamId;
  /** The dedupe row, written only when the number is on a record (`guard`): a row answered when new. */
  const dedupe = (guard: SQL) =>
    sql`insert into device_inbound (device_id, external_id, created_at)
      select ${device.id}, ${text.id}, ${now} where ${guard}
      on conflict do nothing returning 1`;
  /** The known-number statement: records' part of it, with the dedupe row as ours. */
  const known = (db: Db) =>
    takeKnownText(
      db,
      {
        teamId,
        from,
        body: text.body,
        at,
        now,
        deviceValue: device.value,
        mark: status,
        systemBody: status ? systemBody(from, verdict === 'optOut') : '',
      },
      dedupe,
    );
  const taken = (hit: KnownTextHit): TakenText | null => {
    if (!hit.fresh || !hit.itemId || !hit.messageId) return null;
    const message = messageRow({
      id: hit.messageId,
      teamId,
      itemId: hit.itemId,
      body: text.body,
      phone: from,
      sentFrom: hit.messageSentFrom,
      status: 'received',
      createdAt: at,
    });
    const system = hit.systemId
      ? messageRow({
          id: hit.systemId,
          teamId,
          itemId: hit.itemId,
          body: systemBody(from, verdict === 'optOut'),
          system: true,
          createdAt: now,
        })
      : null;
    return {
      message,
      system,
      itemId: hit.itemId,
      assignedTo: hit.assignedTo ?? [],
      optOut: verdict === 'optOut',
      from,
    };
  };

  const first = await known(udb);
  if (first.known) return taken(first);
  // An unknown number: a new contact, 'Not contacted', with this phone primary and opted out if it said
  // so; in a transaction, which first asks again (another device may have just added the number).
  return udb.transaction(async (tx) => {
    const again = await known(tx);
    if (again.known) return taken(again);
    const [dedupe] = await queryRows<{ one: number }>(
      tx,
      sql`insert into device_inbound (device_id, external_id, created_at)
        values (${device.id}, ${text.id}, ${now}) on conflict do nothing returning 1 as one`,
    );
    if (!dedupe) return null;
    const made = await createContactFromText(tx, {
      teamId,
      statusId: await notContacted(tx),
      from,
      body: text.body,
      at,
      now,
      sentFrom: device.value,
      mark: status,
      systemBody: status ? systemBody(from, verdict === 'optOut') : null,
    });
    return { ...made, assignedTo: [], optOut: verdict === 'optOut', from, created: true };
  });
}
