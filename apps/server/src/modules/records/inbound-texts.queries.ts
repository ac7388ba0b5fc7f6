import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

/*
 * A text from a number a record has, and the texts' delivery states (ADR 048, ADR 062). The devices
 * module's hot paths write a record's thread, phone and activity in the same single statement as their
 * own rows (decision 009): records builds its part, the caller passes its own part in.
 */

/** The known-number statement's answer; `fresh` is false when the device reported the text before. */
export type KnownTextHit = {
  known: boolean;
  fresh: boolean;
  itemId: string | null;
  messageId: string | null;
  messageSentFrom: string | null;
  systemId: string | null;
  assignedTo: string[] | null;
};

export type KnownText = {
  teamId: string;
  from: string;
  body: string;
  /** When the phone received it; `now` when it reached us. */
  at: Date;
  now: Date;
  /** The device's number: the phone's sticky sender when it had none. */
  deviceValue: string;
  /** 'DNC' or 'Wrong #' when the text said so, with the system line that says why. */
  mark: 'DNC' | 'Wrong #' | null;
  systemBody: string;
};

/** The statement's writes for the record in `idt` (none when `idt` is empty: unknown, or a repeat). */
function threadWrites(t: KnownText): SQL {
  const lastMessage = JSON.stringify({
    body: t.body,
    createdAt: t.at.toISOString(),
    leadIdt: t.from,
    direction: 'in',
  });
  const status = t.mark;
  return sql`m as (
      insert into messages (team_id, item_id, body, direction, phone, sent_from, status, created_at)
      select ${t.teamId}, item_id, ${t.body}, 'in', ${t.from}, coalesce(sent_from, ${t.deviceValue}), 'received', ${t.at}
      from idt returning id, sent_from),
    marked as (
      update identifiers d set
        sent_from = coalesce(d.sent_from, ${t.deviceValue}),
        status = coalesce(${status}::text, d.status),
        "primary" = case when ${status}::text is null then d."primary" else false end
      from idt where d.id = idt.id
        and (idt.sent_from is null or (${status}::text is not null and idt.status <> ${status}::text))),
    sys as (
      insert into messages (team_id, item_id, body, direction, system, created_at)
      select ${t.teamId}, item_id, ${status ? t.systemBody : ''}, 'in', true, ${t.now}
      from idt where ${status}::text is not null and idt.status <> ${status}::text
      returning id),
    origin as (
      -- Read by the phone history's trigger at the end of this statement (migration 0047).
      select set_config('prospector.origin',
        jsonb_build_object('source', 'text', 'messageId', m.id, 'body', ${t.body}::text)::text, true) as o
      from m),
    it as (
      update items i set last_message = ${lastMessage}::jsonb, unread_sms = i.unread_sms + 1,
        last_activity_at = ${t.now}, updated_at = ${t.now}
      from idt where i.id = idt.item_id returning i.assigned_to)`;
}

/**
 * One statement, atomic on its own: when a record of the team has the number and `dedupe` (the
 * caller's insert, run only under `guard`, answering a row when the text is new) lets it through, the
 * text joins the record's thread, the phone gets its sticky device, an opt-out or a wrong number marks
 * it (with a system message), the phone history learns the origin and the record's unread count rises.
 */
export async function takeKnownText(db: Db, t: KnownText, dedupe: (guard: SQL) => SQL) {
  const rows = await queryRows<KnownTextHit>(
    db,
    sql`with idt0 as (
      select id, item_id, sent_from, status from identifiers where team_id = ${t.teamId} and value = ${t.from}),
    fresh as (${dedupe(sql`exists (select 1 from idt0)`)}),
    idt as (select * from idt0 where exists (select 1 from fresh)),
    ${threadWrites(t)}
  select exists (select 1 from idt0) as known, exists (select 1 from fresh) as fresh,
    (select item_id from idt) as "itemId", (select id from m) as "messageId", (select sent_from from m) as "messageSentFrom",
    (select id from sys) as "systemId", (select assigned_to from it) as "assignedTo",
    (select count(*) from origin) as origin_set`,
  );
  return rows[0]!;
}

/**
 * The part of the devices' report statement that is records': the texts of the jobs in the CTE `moved`
 * (`message_id`, `state`) take their job's new state, except a retry's 'queued'.
 */
export const messageStatusesOfMoves = (moved: string): SQL =>
  sql`update messages m set status = ${sql.identifier(moved)}.state
      from ${sql.identifier(moved)} where m.id = ${sql.identifier(moved)}.message_id
        and ${sql.identifier(moved)}.state <> 'queued'`;
