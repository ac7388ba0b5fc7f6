import { sql } from 'drizzle-orm';
import { uuidArray } from '../../db/arrays.js';
import { queryRows, type Db } from '../../db/client.js';
import type { ItemType } from '../../db/schema/index.js';

/**
 * A team's records as its API key reads and changes them (ADR 043): one statement per answer, each
 * scoped by `team_id` (and by row-level security, as the request runs as the key's team). A record a
 * bulk delete hid is gone here too (ADR 037).
 */
export type TeamRecordRow = {
  id: string;
  type: ItemType;
  statusId: string | null;
  data: Record<string, string | number | boolean | null>;
  createdAt: Date | string;
  updatedAt: Date | string;
  phones: string[] | null;
  emails: string[] | null;
};

const RECORD = sql`select i.id, i.type, i.status_id as "statusId", i.data, i.created_at as "createdAt",
    i.updated_at as "updatedAt",
    array(select d.value from identifiers d where d.item_id = i.id and not d.is_email order by d.position, d.value) as phones,
    array(select d.value from identifiers d where d.item_id = i.id and d.is_email order by d.position, d.value) as emails
  from items i`;

/** Several of the team's records of one type by id (the reads of concurrent calls, ADR 057); null for one it has not. */
export async function findTeamRecords(db: Db, teamId: string, type: ItemType, ids: string[]) {
  const rows = await queryRows<TeamRecordRow>(
    db,
    sql`${RECORD} where i.team_id = ${teamId} and i.id = any(${uuidArray(ids)}) and i.type = ${type} and not i.hidden`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id) ?? null);
}

/** A page of one type of the team's records in creation order after `after` (exclusive). */
export function pageTeamRecords(
  db: Db,
  teamId: string,
  type: ItemType,
  after: { createdAt: string; id: string } | null,
  limit: number,
) {
  const from = after
    ? sql`and (i.created_at, i.id) > (${new Date(after.createdAt)}, ${after.id}::uuid)`
    : sql``;
  return queryRows<TeamRecordRow>(
    db,
    sql`${RECORD} where i.team_id = ${teamId} and i.type = ${type} and not i.hidden ${from}
        order by i.created_at, i.id limit ${limit}`,
  );
}

/** Sets some of a record's system fields (an empty value clears one); false when the team has no such record. */
export async function updateTeamRecordData(
  db: Db,
  where: { teamId: string; type: ItemType; id: string },
  patch: Record<string, string | number | null>,
  searchText: (data: TeamRecordRow['data']) => string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ data: TeamRecordRow['data'] }>(
      tx,
      sql`select data from items where team_id = ${where.teamId} and id = ${where.id} and type = ${where.type}
            and not hidden for update`,
    );
    if (!row) return false;
    const data = { ...row.data };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') delete data[k];
      else data[k] = v;
    }
    await tx.execute(
      sql`update items set data = ${JSON.stringify(data)}::jsonb, search_text = ${searchText(data)},
            updated_at = ${now}, last_activity_at = ${now} where id = ${where.id}`,
    );
    return true;
  });
}

/** A record's texts, newest first (the latest 200): no comments, no system notes. */
export function recordTexts(db: Db, teamId: string, itemId: string) {
  return queryRows<{
    id: string;
    direction: 'in' | 'out';
    body: string;
    phone: string | null;
    status: string | null;
    createdAt: Date | string;
  }>(
    db,
    sql`select id, direction, body, phone, status, created_at as "createdAt" from messages
        where team_id = ${teamId} and item_id = ${itemId} and not comment and not system
        order by created_at desc limit 200`,
  );
}

export type TeamTaskRow = {
  id: string;
  itemId: string;
  text: string;
  completed: boolean;
  due: Date | string | null;
  createdAt: Date | string;
};

/** A page of the team's tasks (of one record, or all) in creation order after `after`. */
export function pageTeamTasks(
  db: Db,
  p: {
    teamId: string;
    recordId: string | null;
    state: 'open' | 'completed' | 'all';
    after: { createdAt: string; id: string } | null;
    limit: number;
  },
) {
  const record = p.recordId ? sql`and t.item_id = ${p.recordId}` : sql``;
  const state =
    p.state === 'all' ? sql`` : p.state === 'open' ? sql`and not t.completed` : sql`and t.completed`;
  const from = p.after
    ? sql`and (t.created_at, t.id) > (${new Date(p.after.createdAt)}, ${p.after.id}::uuid)`
    : sql``;
  return queryRows<TeamTaskRow>(
    db,
    sql`select t.id, t.item_id as "itemId", t.text, t.completed, t.due, t.created_at as "createdAt" from tasks t
        join items i on i.id = t.item_id and not i.hidden
        where t.team_id = ${p.teamId} ${record} ${state} ${from}
        order by t.created_at, t.id limit ${p.limit}`,
  );
}

/** The team's task, with its record (a hidden record's tasks are gone with it). */
export async function findTeamTask(db: Db, teamId: string, taskId: string) {
  const [row] = await queryRows<TeamTaskRow>(
    db,
    sql`select t.id, t.item_id as "itemId", t.text, t.completed, t.due, t.created_at as "createdAt" from tasks t
        join items i on i.id = t.item_id and not i.hidden
        where t.team_id = ${teamId} and t.id = ${taskId}`,
  );
  return row ?? null;
}
