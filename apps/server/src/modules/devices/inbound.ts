import {
  classifyReply,
  inboundSms,
  messages as userTexts,
  type InboundRejection,
  type InboundSms,
} from '@prospector/core';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { messages } from '../../db/schema/index.js';
import * as rq from '../records/records.queries.js';
import type * as q from './devices.queries.js';

type MessageRow = typeof messages.$inferSelect;

export type TakenText = {
  message: MessageRow;
  system: MessageRow | null;
  itemId: string;
  assignedTo: string[];
  optOut: boolean;
  from: string;
};

/** Reads each text of a batch on its own: an unreadable one is refused alone, with the first issue. */
export function readInbound(items: unknown[]): { texts: InboundSms[]; rejected: InboundRejection[] } {
  const texts: InboundSms[] = [];
  const rejected: InboundRejection[] = [];
  for (const item of items) {
    const parsed = inboundSms.safeParse(item);
    if (parsed.success) {
      texts.push(parsed.data);
      continue;
    }
    const id = (item as { id?: unknown } | null)?.id;
    const issue = parsed.error.issues[0];
    rejected.push({
      id: typeof id === 'string' ? id.slice(0, 200) : '',
      reason: userTexts.deviceInbound.unreadable
        .replace('{issue}', `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`)
        .slice(0, 500),
    });
  }
  return { texts, rejected };
}

/**
 * The SQLSTATE of a failed query, if the database answered one: an error the server sent carries a
 * `severity` beside its `code` (a socket's `EPIPE` has a code of five letters too, and no severity).
 * Drizzle keeps the driver's error as `cause`.
 */
export function sqlState(err: unknown): string | null {
  for (
    let e = err, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, severity } = e as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/**
 * Whether a text's failure may pass if it is sent again: no SQLSTATE (the connection or the pool), a
 * lost connection (08), a serialization failure or deadlock (40), short resources (53), an operator or
 * a timeout (57), a system or internal error (58, XX), or another device taking the same new number
 * at the same moment (23505: the next try finds it). Anything else the database said about this row
 * (bad data, a constraint, a trigger) will say it again: the text is refused for good, not retried.
 */
export function isPassingFault(code: string | null): boolean {
  return code === null || code === '23505' || /^(08|40|53|57|58|XX)/.test(code);
}

const systemBody = (from: string, optOut: boolean) =>
  optOut
    ? `${from} asked not to be texted again and is now marked DNC.`
    : `${from} said it is a wrong number and is now marked Wrong #.`;

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
): Promise<TakenText | null> {
  const verdict = classifyReply(text.body);
  const status = verdict === 'optOut' ? 'DNC' : verdict ? 'Wrong #' : null;
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
        it as (
          update items i set last_message = ${lastMessage}::jsonb, unread_sms = i.unread_sms + 1,
            last_activity_at = ${now}, updated_at = ${now}
          from idt where i.id = idt.item_id returning i.assigned_to)
      select exists (select 1 from idt0) as known, exists (select 1 from fresh) as fresh,
        (select item_id from idt) as item_id, (select id from m) as m_id, (select sent_from from m) as m_sent_from,
        (select id from sys) as sys_id, (select assigned_to from it) as assigned_to`,
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
    const contact = await rq.insertItem(tx, {
      teamId,
      type: 'contact',
      data: {},
      statusId: await notContacted(tx),
      lastMessage: JSON.parse(lastMessage) as {
        body: string;
        createdAt: string;
        leadIdt: string;
        direction: 'in';
      },
      unreadSms: 1,
      lastActivityAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await rq.insertIdentifier(tx, {
      teamId,
      itemId: contact.id,
      value: from,
      isEmail: from.includes('@'),
      primary: status === null,
      status: status ?? '',
      position: 0,
      sentFrom: device.value,
      createdAt: now,
    });
    const message = await rq.insertMessage(tx, {
      teamId,
      itemId: contact.id,
      body: text.body,
      direction: 'in',
      phone: from,
      sentFrom: device.value,
      status: 'received',
      createdAt: at,
    });
    const system = status
      ? await rq.insertMessage(tx, {
          teamId,
          itemId: contact.id,
          body: systemBody(from, verdict === 'optOut'),
          direction: 'in',
          system: true,
          createdAt: now,
        })
      : null;
    return { message, system, itemId: contact.id, assignedTo: [], optOut: verdict === 'optOut', from };
  });
}
