import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { linkedCompanyFields, type CompanyNameFields } from '../../db/titles.js';
import type { InboxType, ReplyLabel } from '@prospector/core';

export type InboxRowDb = {
  id: string;
  type: 'contact' | 'property' | 'company';
  data: Record<string, string | number | boolean | null>;
  status: string | null;
  lastMessage: { body: string; createdAt: string; leadIdt: string | null; direction?: 'in' | 'out' };
  unreadSms: number;
  notif: number;
  primaryValue: string | null;
  leadStatus: '' | 'DNC' | 'Wrong #' | null;
  company: CompanyNameFields;
  replyLabel: {
    messageId: string;
    label: ReplyLabel;
    confidence: number;
    needsLook: boolean;
    source: 'rule' | 'model' | 'member';
  } | null;
};

export type InboxFilter = {
  teamId: string;
  viewerId: string;
  /** Only records assigned to this member. */
  memberId: string | null;
  type: InboxType;
  statusIds: string[];
  noStatus: boolean;
  search: { like: string; phone: string | null } | null;
  /** The label of the record's latest labelled reply (issue 31; reply_labels). */
  replyLabel: string | null;
  skip: number;
  limit: number;
};

/** The Messenger's filter over `items i` (also the bulk job's "all that match", ADR 037). */
export function inboxWhere(f: Omit<InboxFilter, 'skip' | 'limit' | 'viewerId'>): SQL {
  const parts: SQL[] = [sql`i.team_id = ${f.teamId}`, sql`i.last_message is not null`, sql`not i.hidden`];
  if (f.type === 'unread') parts.push(sql`i.unread_sms > 0`);
  if (f.type === 'sent') parts.push(sql`i.last_message->>'direction' = 'out'`);
  if (f.type === 'received') parts.push(sql`i.last_message->>'direction' = 'in'`);
  if (f.type === 'needs_look') parts.push(sql`i.id in (${needsLookItems(f.teamId)})`);
  if (f.memberId) parts.push(sql`i.assigned_to @> array[${f.memberId}]::uuid[]`);
  if (f.statusIds.length || f.noStatus) {
    const ids = sql`(select jsonb_array_elements_text(${JSON.stringify(f.statusIds)}::jsonb)::uuid)`;
    parts.push(f.noStatus ? sql`(i.status_id is null or i.status_id in ${ids})` : sql`i.status_id in ${ids}`);
  }
  if (f.search) {
    const idt = f.search.phone ? sql`d.value = ${f.search.phone}` : sql`d.value like ${f.search.like}`;
    parts.push(
      sql`(i.search_text like ${f.search.like} or exists (select 1 from identifiers d where d.item_id = i.id and ${idt}))`,
    );
  }
  if (f.replyLabel) {
    parts.push(
      sql`exists (select 1 from (select l.label from reply_labels l where l.item_id = i.id
        order by l.created_at desc, l.message_id desc limit 1) x where x.label = ${f.replyLabel})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/**
 * The records whose latest labelled reply needs a look: the model was unsure and no member has corrected
 * or confirmed it (a correction clears `needs_look`). Walks the few such labels (`reply_labels_look_idx`)
 * rather than the team's records.
 */
function needsLookItems(teamId: string): SQL {
  return sql`select l.item_id from reply_labels l where l.team_id = ${teamId} and l.needs_look
    and not exists (select 1 from reply_labels n where n.item_id = l.item_id
      and (n.created_at, n.message_id) > (l.created_at, l.message_id))`;
}

/** One page of the Messenger, latest text first, walking `items_inbox_idx`. */
export function inboxPage(db: Db, f: InboxFilter) {
  return queryRows<InboxRowDb>(
    db,
    sql`
    select i.id, i.type, i.data, s.text as status, i.last_message as "lastMessage", i.unread_sms as "unreadSms",
      (select count(*)::int from notifications n where n.user_id = ${f.viewerId} and n.target_id = i.id and not n.read) as notif,
      (select d.value from identifiers d where d.item_id = i.id and d.primary limit 1) as "primaryValue",
      (select d.status from identifiers d where d.team_id = i.team_id and d.value = i.last_message->>'leadIdt' limit 1) as "leadStatus",
      ${linkedCompanyFields('i')} as company,
      (select json_build_object('messageId', l.message_id, 'label', l.label, 'confidence', l.confidence,
          'needsLook', l.needs_look, 'source', l.source)
        from reply_labels l where l.item_id = i.id order by l.created_at desc, l.message_id desc limit 1) as "replyLabel"
    from items i
    left join statuses s on s.id = i.status_id
    where ${inboxWhere(f)}
    order by i.last_activity_at desc nulls last, i.id
    limit ${f.limit} offset ${f.skip}`,
  );
}

/** The "Needs a look" tab's count: its records, for the team or one member. */
export async function needsLookCount(db: Db, teamId: string, memberId: string | null) {
  const where = inboxWhere({
    teamId,
    memberId,
    type: 'needs_look',
    statusIds: [],
    noStatus: false,
    search: null,
    replyLabel: null,
  });
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from items i where ${where}`,
  );
  return Number(row?.n ?? 0);
}

/** Records with texts nobody has read (the Messenger badge), for the team or one member. */
export async function unreadCount(db: Db, teamId: string, memberId: string | null) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from items i where i.team_id = ${teamId} and i.unread_sms > 0 and not i.hidden
      ${memberId ? sql`and i.assigned_to @> array[${memberId}]::uuid[]` : sql``}`,
  );
  return Number(row?.n ?? 0);
}
