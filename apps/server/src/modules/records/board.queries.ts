import { sql } from 'drizzle-orm';
import { queryRows, queryRowsPrepared, type Db } from '../../db/client.js';
import { linkedCompanyFields, type CompanyNameFields } from '../../db/titles.js';

export type BoardRow = {
  id: string;
  type: 'contact' | 'property' | 'company';
  data: Record<string, string | number | boolean | null>;
  queued: boolean;
  assignedTo: string[];
  openTaskCount: number;
  firstOpenTaskDue: string | null;
  lastMessage: { body: string; createdAt: string } | null;
  notif: number;
  primaryValue: string | null;
  company: CompanyNameFields;
};

const assignedTo = (alias: 'i' | 'c', memberId: string | null) =>
  memberId ? sql`and ${sql.identifier(alias)}.assigned_to @> array[${memberId}]::uuid[]` : sql``;
const assigned = (memberId: string | null) => assignedTo('i', memberId);

/** A column's records over `items i` (also the bulk job's "all that match", ADR 037). */
export function columnWhere(teamId: string, statusId: string, memberId: string | null) {
  return sql`i.team_id = ${teamId} and i.status_id = ${statusId} and not i.hidden ${assigned(memberId)}`;
}

/** Cards in one column: an index-only scan of the board index. */
export async function countColumn(db: Db, teamId: string, statusId: string, memberId: string | null) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from items i where ${columnWhere(teamId, statusId, memberId)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * One page of a column in the card order of core's `compareCards`: the viewer's unread first (most
 * first), then due tasks (earliest first), then open tasks, then queued, then the rest; latest
 * activity first within a group, then id.
 *
 * Each group is read from its own index in its own order, at most skip + limit rows each, so a page
 * costs a few dozen index entries however long the column is; only the chosen rows then fetch their
 * data and primary phone.
 */
export async function columnPage(
  db: Db,
  p: {
    teamId: string;
    statusId: string;
    viewerId: string;
    memberId: string | null;
    now: Date;
    skip: number;
    limit: number;
  },
) {
  const now = p.now.toISOString();
  const upTo = p.skip + p.limit;
  const inColumn = sql`c.team_id = ${p.teamId} and c.status_id = ${p.statusId} and not c.hidden ${assignedTo('c', p.memberId)}`;
  const notUnread = sql`c.id not in (select id from unread)`;
  const byActivity = sql`c.last_activity_at desc nulls last, c.id`;
  // Planned once per process on PGlite: planning was half of this read's time there.
  return queryRowsPrepared<BoardRow>(
    db,
    sql`
    with unread as (
      select target_id as id, count(*)::int as cnt from notifications
      where user_id = ${p.viewerId} and not read group by target_id
    ), page as (
      (select c.id, 0 as grp, u.cnt as notif, null::timestamptz as due_key, c.last_activity_at
       from unread u join items c on c.id = u.id
       where ${inColumn}
       order by u.cnt desc, ${byActivity} limit ${upTo})
      union all
      (select c.id, 1, 0, c.first_open_task_due, c.last_activity_at from items c
       where ${inColumn} and c.open_task_count > 0 and c.first_open_task_due <= ${now}::timestamptz and ${notUnread}
       order by c.first_open_task_due, ${byActivity} limit ${upTo})
      union all
      (select c.id, 2, 0, null, c.last_activity_at from items c
       where ${inColumn} and c.open_task_count > 0
         and (c.first_open_task_due is null or c.first_open_task_due > ${now}::timestamptz) and ${notUnread}
       order by ${byActivity} limit ${upTo})
      union all
      (select c.id, 3, 0, null, c.last_activity_at from items c
       where ${inColumn} and c.queued and c.open_task_count = 0 and ${notUnread}
       order by ${byActivity} limit ${upTo})
      union all
      (select c.id, 4, 0, null, c.last_activity_at from items c
       where ${inColumn} and c.open_task_count = 0 and not c.queued and ${notUnread}
       order by ${byActivity} limit ${upTo})
      order by grp, notif desc, due_key asc nulls last, last_activity_at desc nulls last, id
      offset ${p.skip} limit ${p.limit}
    )
    select i.id, i.type, i.data, i.queued, i.assigned_to as "assignedTo", i.open_task_count as "openTaskCount",
      i.first_open_task_due as "firstOpenTaskDue", i.last_message as "lastMessage", page.notif,
      (select d.value from identifiers d where d.item_id = i.id and d.primary limit 1) as "primaryValue",
      ${linkedCompanyFields('i')} as company
    from page join items i on i.id = page.id
    order by page.grp, page.notif desc, page.due_key asc nulls last, page.last_activity_at desc nulls last, page.id`,
  );
}

export type SearchRow = {
  id: string;
  type: 'contact' | 'property' | 'company';
  data: BoardRow['data'];
  status: string | null;
  primaryValue: string | null;
  company: CompanyNameFields;
};

/** Records whose names/address contain the text, or whose phone or e-mail matches it. */
export async function searchItems(
  db: Db,
  p: {
    teamId: string;
    memberId: string | null;
    text: string;
    phone: string | null;
    digits: string | null;
    type: string | null;
    limit: number;
  },
) {
  const like = `%${p.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const idtMatch = p.phone
    ? sql`d.value = ${p.phone}`
    : p.digits
      ? sql`d.value like ${'%' + p.digits + '%'}`
      : sql`d.value like ${like}`;
  return queryRows<SearchRow>(
    db,
    sql`
    with hits as (
      (select i.id from items i where i.team_id = ${p.teamId} and i.search_text like ${like} limit 200)
      union
      (select d.item_id from identifiers d where d.team_id = ${p.teamId} and ${idtMatch} limit 200)
    )
    select i.id, i.type, i.data, s.text as status,
      (select d.value from identifiers d where d.item_id = i.id and d.primary limit 1) as "primaryValue",
      ${linkedCompanyFields('i')} as company
    from hits h join items i on i.id = h.id
    left join statuses s on s.id = i.status_id
    where not i.hidden ${p.type ? sql`and i.type = ${p.type}` : sql``} ${assigned(p.memberId)}
    order by i.last_activity_at desc
    limit ${p.limit}`,
  );
}
