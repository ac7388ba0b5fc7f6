import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

export type BoardRow = {
  id: string;
  type: 'contact' | 'property' | 'company';
  data: Record<string, string | number | boolean | null>;
  queued: boolean;
  assigned_to: string[];
  open_task_count: number;
  first_open_task_due: string | null;
  last_message: { body: string; createdAt: string } | null;
  notif: number;
  primary_value: string | null;
};

const assigned = (memberId: string | null) =>
  memberId ? sql`and i.assigned_to @> array[${memberId}]::uuid[]` : sql``;

/** Cards in one column: an index-only scan of the board index. */
export async function countColumn(db: Db, teamId: string, statusId: string, memberId: string | null) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from items i
    where i.team_id = ${teamId} and i.status_id = ${statusId} and not i.hidden ${assigned(memberId)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * One page of a column in the card order of core's `compareCards`: the viewer's unread first (most
 * first), then due tasks (earliest first), then open tasks, then queued, then the rest; latest
 * activity first within a group.
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
  // The page is chosen on sort keys alone; only its 30 rows then fetch their data and primary phone.
  return queryRows<BoardRow>(
    db,
    sql`
    with page as (
      select i.id, i.open_task_count, i.first_open_task_due, i.last_activity_at, coalesce(n.cnt, 0)::int as notif,
        case when n.cnt > 0 then 0
             when i.first_open_task_due <= ${now}::timestamptz then 1
             when i.open_task_count > 0 then 2
             when i.queued then 3 else 4 end as grp
      from items i
      left join (
        select target_id, count(*) as cnt from notifications
        where user_id = ${p.viewerId} and not read group by target_id
      ) n on n.target_id = i.id
      where i.team_id = ${p.teamId} and i.status_id = ${p.statusId} and not i.hidden ${assigned(p.memberId)}
      order by grp, notif desc,
        case when i.first_open_task_due <= ${now}::timestamptz then i.first_open_task_due end asc nulls last,
        i.last_activity_at desc, i.id
      limit ${p.limit} offset ${p.skip}
    )
    select i.id, i.type, i.data, i.queued, i.assigned_to, page.open_task_count, page.first_open_task_due,
      i.last_message, page.notif,
      (select d.value from identifiers d where d.item_id = i.id and d.primary limit 1) as primary_value
    from page join items i on i.id = page.id
    order by page.grp, page.notif desc,
      case when page.grp = 1 then page.first_open_task_due end asc nulls last,
      page.last_activity_at desc, page.id`,
  );
}

export type SearchRow = {
  id: string;
  type: 'contact' | 'property' | 'company';
  data: BoardRow['data'];
  status: string | null;
  primary_value: string | null;
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
      (select d.value from identifiers d where d.item_id = i.id and d.primary limit 1) as primary_value
    from hits h join items i on i.id = h.id
    left join statuses s on s.id = i.status_id
    where not i.hidden ${p.type ? sql`and i.type = ${p.type}` : sql``} ${assigned(p.memberId)}
    order by i.last_activity_at desc
    limit ${p.limit}`,
  );
}
