import { classifyReply, formatPhone, type InboundSms, type PhoneCountry } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { messages } from '../../db/schema/index.js';
import { createContactFromText } from '../records/index.js';
import type * as q from './devices.queries.js';

/*
 * The inbound path's statements (the reply path of decision 009): a known number's text is one
 * statement; an unknown number becomes a contact through records, in the same transaction.
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

type Hit = {
  known: boolean;
  fresh: boolean;
  item_id: string | null;
  m_id: string | null;
  m_sent_from: string | null;
  sys_id: string | null;
  assigned_to: string[] | null;
};

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
  const lastMessage = JSON.stringify({
    body: text.body,
    createdAt: at.toISOString(),
    leadIdt: from,
    direction: 'in',
  });
  const teamId = device.teamId;
  /** The known-number statement: the dedupe row is written only when the number is on a record. */
  const known = async (db: Db) =>
    (
      await queryRows<Hit>(
        db,
        sql`with idt0 as (
          select id, item_id, sent_from, status from identifiers where team_id = ${teamId} and value = ${from}),
        fresh as (
          insert into device_inbound (device_id, external_id, created_at)
          select ${device.id}, ${text.id}, ${now} where exists (select 1 from idt0)
          on conflict do nothing returning 1),
        idt as (select * from idt0 where exists (select 1 from fresh)),
        m as (
          insert into messages (team_id, item_id, body, direction, phone, sent_from, status, created_at)
          select ${teamId}, item_id, ${text.body}, 'in', ${from}, coalesce(sent_from, ${device.value}), 'received', ${at}
          from idt returning id, sent_from),
        marked as (
          update identifiers d set
            sent_from = coalesce(d.sent_from, ${device.value}),
            status = coalesce(${status}::text, d.status),
            "primary" = case when ${status}::text is null then d."primary" else false end
          from idt where d.id = idt.id
            and (idt.sent_from is null or (${status}::text is not null and idt.status <> ${status}::text))),
        sys as (
          insert into messages (team_id, item_id, body, direction, system, created_at)
          select ${teamId}, item_id, ${status ? systemBody(from, verdict === 'optOut') : ''}, 'in', true, ${now}
          from idt where ${status}::text is not null and idt.status <> ${status}::text
          returning id),
        origin as (
          -- Read by the phone history's trigger at the end of this statement (migration 0047).
          select set_config('prospector.origin',
            jsonb_build_object('source', 'text', 'messageId', m.id, 'body', ${text.body}::text)::text, true) as o
          from m),
        it as (
          update items i set last_message = ${lastMessage}::jsonb, unread_sms = i.unread_sms + 1,
            last_activity_at = ${now}, updated_at = ${now}
          from idt where i.id = idt.item_id returning i.assigned_to)
      select exists (select 1 from idt0) as known, exists (select 1 from fresh) as fresh,
        (select item_id from idt) as item_id, (select id from m) as m_id, (select sent_from from m) as m_sent_from,
        (select id from sys) as sys_id, (select assigned_to from it) as assigned_to,
        (select count(*) from origin) as origin_set`,
      )
    )[0]!;
  const taken = (hit: Hit): TakenText | null => {
    if (!hit.fresh || !hit.item_id || !hit.m_id) return null;
    const message = messageRow({
      id: hit.m_id,
      teamId,
      itemId: hit.item_id,
      body: text.body,
      phone: from,
      sentFrom: hit.m_sent_from,
      status: 'received',
      createdAt: at,
    });
    const system = hit.sys_id
      ? messageRow({
          id: hit.sys_id,
          teamId,
          itemId: hit.item_id,
          body: systemBody(from, verdict === 'optOut'),
          system: true,
          createdAt: now,
        })
      : null;
    return {
      message,
      system,
      itemId: hit.item_id,
      assignedTo: hit.assigned_to ?? [],
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
