import { memberPairs, directChatKey, type ChatKind } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { intArray, textArray, uuidArray } from '../../db/arrays.js';
import type { ChatImage } from '../../db/schema/index.js';

export type { ChatImage };

/*
 * The chats' own tables (chats, chat_members, chat_messages), and what they read of the team's users
 * (names, avatars, who is in the team). Every list is scoped by the caller's team or membership.
 */

export type ChatRow = {
  id: string;
  teamId: string;
  kind: ChatKind;
  directKey: string | null;
  lastSeq: number;
  lastBody: string | null;
  lastAt: Date | null;
  createdAt: Date;
};

const CHAT = sql`c.id, c.team_id as "teamId", c.kind, c.direct_key as "directKey", c.last_seq as "lastSeq",
  c.last_body as "lastBody", c.last_at as "lastAt", c.created_at as "createdAt"`;

export type MessageRow = {
  id: string;
  chatId: string;
  seq: number;
  senderId: string | null;
  senderName: string;
  senderAvatar: string | null;
  fromSupport: boolean;
  body: string;
  image: ChatImage | null;
  system: 'joined' | 'left' | null;
  records: string[];
  createdAt: Date;
};

const MESSAGE = sql`m.id, m.chat_id as "chatId", m.seq, m.sender_id as "senderId",
  coalesce(nullif(u.name, ''), m.sender_name) as "senderName", u.avatar as "senderAvatar",
  m.from_support as "fromSupport", m.body, m.image, m.system, m.records, m.created_at as "createdAt"`;

export type MemberRow = {
  chatId: string;
  userId: string;
  lastReadSeq: number;
  name: string;
  email: string;
  avatar: string | null;
};

/**
 * Makes the team's chats whole, idempotently: the room and the support chat, a direct chat for every
 * pair of members, and every member in the room, the support chat and their direct chats. Safe to run
 * at once from two processes (each insert skips what exists).
 */
export async function syncTeamChats(db: Db, teamId: string): Promise<void> {
  await db.execute(sql`insert into chats (team_id, kind) values (${teamId}, 'team'), (${teamId}, 'support')
    on conflict do nothing`);
  const ids = (await queryRows<{ id: string }>(db, sql`select id from users where team_id = ${teamId}`)).map(
    (r) => r.id,
  );
  const pairs = memberPairs(ids);
  for (let i = 0; i < pairs.length; i += 500) {
    const keys = pairs.slice(i, i + 500).map(([a, b]) => directChatKey(a, b));
    await db.execute(sql`insert into chats (team_id, kind, direct_key)
      select ${teamId}, 'direct', k from unnest(${textArray(keys)}) k
      on conflict do nothing`);
  }
  await db.execute(sql`insert into chat_members (chat_id, user_id)
    select c.id, u.id from chats c join users u on u.team_id = c.team_id
    where c.team_id = ${teamId}
      and (c.kind in ('team', 'support') or c.direct_key like u.id::text || ':%' or c.direct_key like '%:' || u.id::text)
    on conflict do nothing`);
}

/** The chats a user is a member of, with their read state, newest first. */
export function listUserChats(db: Db, userId: string) {
  return queryRows<ChatRow & { lastReadSeq: number }>(
    db,
    sql`select ${CHAT}, cm.last_read_seq as "lastReadSeq" from chat_members cm join chats c on c.id = cm.chat_id
      where cm.user_id = ${userId} and not cm.staff
      order by coalesce(c.last_at, c.created_at) desc, c.kind`,
  );
}

/** The members of these chats with names (unread per member), for their DTOs. */
export function listMembersOf(db: Db, chatIds: readonly string[]) {
  if (chatIds.length === 0) return Promise.resolve([] as MemberRow[]);
  return queryRows<MemberRow>(
    db,
    sql`select cm.chat_id as "chatId", cm.user_id as "userId", cm.last_read_seq as "lastReadSeq", u.name, u.email, u.avatar
      from chat_members cm join users u on u.id = cm.user_id
      where cm.chat_id = any(${uuidArray(chatIds)}) and not cm.staff`,
  );
}

export async function findChat(db: Db, chatId: string): Promise<ChatRow | null> {
  const rows = await queryRows<ChatRow>(db, sql`select ${CHAT} from chats c where c.id = ${chatId}`);
  return rows[0] ?? null;
}

/** A chat with the user's read state of it: a member's row, a staff member's row of a support chat, or none. */
export async function findChatForReader(db: Db, chatId: string, userId: string) {
  const rows = await queryRows<ChatRow & { readSeq: number | null; staff: boolean | null }>(
    db,
    sql`select ${CHAT}, cm.last_read_seq as "readSeq", cm.staff from chats c
      left join chat_members cm on cm.chat_id = c.id and cm.user_id = ${userId}
      where c.id = ${chatId}`,
  );
  return rows[0] ?? null;
}

/** A page of a chat's history, oldest first: the `limit` messages before `before` (or the newest). */
export function listMessages(db: Db, chatId: string, before: number | null, limit: number) {
  return queryRows<MessageRow>(
    db,
    sql`select * from (select ${MESSAGE} from chat_messages m left join users u on u.id = m.sender_id
      where m.chat_id = ${chatId} ${before === null ? sql`` : sql`and m.seq < ${before}`}
      order by m.seq desc limit ${limit}) page order by seq`,
  );
}

/** Messages after each chat's sequence, for the chats the caller may read, oldest first per chat. */
export function listMissed(db: Db, since: { chatId: string; seq: number }[], limit: number) {
  const chatIds = since.map((s) => s.chatId);
  const seqs = since.map((s) => s.seq);
  return queryRows<MessageRow>(
    db,
    sql`select ${MESSAGE} from unnest(${uuidArray(chatIds)}, ${intArray(seqs)}) as s(chat_id, seq)
      join chat_messages m on m.chat_id = s.chat_id and m.seq > s.seq
      left join users u on u.id = m.sender_id
      order by m.chat_id, m.seq limit ${limit}`,
  );
}

/** Which of these chats the user may read: theirs, and (staff) every support chat. */
export async function readableChatIds(db: Db, userId: string, chatIds: readonly string[], staff: boolean) {
  if (chatIds.length === 0) return new Set<string>();
  const ids = uuidArray(chatIds);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select c.id from chats c where c.id = any(${ids}) and (
      exists (select 1 from chat_members cm where cm.chat_id = c.id and cm.user_id = ${userId} and not cm.staff)
      ${staff ? sql`or c.kind = 'support'` : sql``})`,
  );
  return new Set(rows.map((r) => r.id));
}

export type NewMessage = {
  chatId: string;
  senderId: string | null;
  senderName: string;
  fromSupport: boolean;
  body: string;
  image: ChatImage | null;
  system: 'joined' | 'left' | null;
  records: string[];
  preview: string;
  createdAt: Date;
  /** Support: a team's message starts a wait (if none runs); a staff answer ends it. */
  support: 'wait' | 'answered' | null;
};

/**
 * Stores a message under the chat's next sequence, in one statement: the increment locks the chat's
 * row until the statement ends, so two senders (in any processes) get consecutive sequences, never
 * the same, and a failed insert takes no sequence. The sender has read what they wrote. Answers the
 * message and the chat's members (who hear it).
 */
export async function insertMessage(db: Db, m: NewMessage): Promise<MessageRow & { memberIds: string[] }> {
  const support =
    m.support === 'wait'
      ? sql`, support_waiting_since = coalesce(support_waiting_since, ${m.createdAt})`
      : m.support === 'answered'
        ? sql`, support_waiting_since = null, support_alerted_at = null`
        : sql``;
  const [row] = await queryRows<MessageRow & { memberIds: string[] }>(
    db,
    sql`with c as (update chats set last_seq = last_seq + 1, last_body = ${m.preview}, last_at = ${m.createdAt} ${support}
        where id = ${m.chatId} returning id, last_seq),
      m as (insert into chat_messages (chat_id, seq, sender_id, sender_name, from_support, body, image, system, records, created_at)
        select c.id, c.last_seq, ${m.senderId}::uuid, ${m.senderName}, ${m.fromSupport}, ${m.body},
          ${m.image ? JSON.stringify(m.image) : null}::jsonb, ${m.system}, ${JSON.stringify(m.records)}::jsonb, ${m.createdAt}
        from c returning *),
      r as (update chat_members cm set last_read_seq = greatest(cm.last_read_seq, c.last_seq) from c
        where cm.chat_id = c.id and cm.user_id = ${m.senderId}::uuid)
      select ${MESSAGE},
        array(select user_id from chat_members where chat_id = ${m.chatId} and not staff) as "memberIds"
      from m left join users u on u.id = m.sender_id`,
  );
  return row!;
}

/** Moves the user's read mark forward (never back); staff get a row of their own for a support chat. */
export async function markRead(db: Db, chatId: string, userId: string, seq: number, staff: boolean) {
  const rows = await queryRows<{ lastReadSeq: number }>(
    db,
    sql`insert into chat_members (chat_id, user_id, staff, last_read_seq)
      values (${chatId}, ${userId}, ${staff}, least(${seq}, (select last_seq from chats where id = ${chatId})))
      on conflict (chat_id, user_id) do update set last_read_seq = greatest(chat_members.last_read_seq, excluded.last_read_seq)
      returning last_read_seq as "lastReadSeq"`,
  );
  return rows[0]!.lastReadSeq;
}

/** The team's room and support chat ids. */
export async function teamChatIds(db: Db, teamId: string) {
  const rows = await queryRows<{ id: string; kind: ChatKind }>(
    db,
    sql`select id, kind from chats where team_id = ${teamId} and kind in ('team', 'support')`,
  );
  return {
    room: rows.find((r) => r.kind === 'team')?.id ?? null,
    support: rows.find((r) => r.kind === 'support')?.id ?? null,
  };
}

/** A removed member's direct chats go with them (the teammate's other chats stay). */
export async function deleteDirectChatsOf(db: Db, teamId: string, userId: string) {
  await db.execute(sql`delete from chats where team_id = ${teamId} and kind = 'direct'
    and (direct_key like ${userId + ':%'} or direct_key like ${'%:' + userId})`);
}

export async function findUser(db: Db, userId: string) {
  const rows = await queryRows<{
    id: string;
    teamId: string;
    name: string;
    email: string;
    avatar: string | null;
  }>(db, sql`select id, team_id as "teamId", name, email, avatar from users where id = ${userId}`);
  return rows[0] ?? null;
}

export async function findTeam(db: Db, teamId: string) {
  const rows = await queryRows<{ id: string; name: string; avatar: string | null }>(
    db,
    sql`select id, name, avatar from teams where id = ${teamId}`,
  );
  return rows[0] ?? null;
}

/** Whether a team is our own: one of its members proved a staff address (ADR 004, ADR 024). */
export async function teamHasStaff(db: Db, teamId: string, staffEmails: readonly string[]) {
  if (staffEmails.length === 0) return false;
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where team_id = ${teamId} and verified_at is not null
      and email = any(${textArray(staffEmails)})`,
  );
  return rows[0]!.n > 0;
}

export type SupportRow = ChatRow & {
  teamName: string;
  teamAvatar: string | null;
  plan: string;
  lastReadSeq: number;
};

/** Every team's support chat that has messages, with the staff member's read state. */
export function listSupportChats(db: Db, staffUserId: string) {
  return queryRows<SupportRow>(
    db,
    sql`select ${CHAT}, t.name as "teamName", t.avatar as "teamAvatar", t.plan,
        coalesce(cm.last_read_seq, 0) as "lastReadSeq"
      from chats c join teams t on t.id = c.team_id
      left join chat_members cm on cm.chat_id = c.id and cm.user_id = ${staffUserId}
      where c.kind = 'support' and c.last_seq > 0
      order by c.last_at desc limit 500`,
  );
}

/**
 * Claims the support chats whose wait passed `cutoff` and marks them alerted, in the caller's
 * transaction: another process skips the rows this one holds, so each wait is e-mailed once.
 */
export function claimDueSupportAlerts(tx: Db, cutoff: Date, now: Date) {
  return queryRows<{
    id: string;
    teamId: string;
    teamName: string;
    lastBody: string | null;
    waitingSince: Date;
  }>(
    tx,
    sql`with due as (select id from chats where support_waiting_since <= ${cutoff} and support_alerted_at is null
        order by support_waiting_since limit 20 for update skip locked)
      update chats c set support_alerted_at = ${now} from due, teams t
      where c.id = due.id and t.id = c.team_id
      returning c.id, c.team_id as "teamId", t.name as "teamName", c.last_body as "lastBody",
        c.support_waiting_since as "waitingSince"`,
  );
}

/** The team's members' names (for @mentions in a chat). */
export function findMembersByIds(db: Db, chatId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as { userId: string }[]);
  return queryRows<{ userId: string }>(
    db,
    sql`select user_id as "userId" from chat_members where chat_id = ${chatId} and not staff
      and user_id = any(${uuidArray(ids)})`,
  );
}

export async function findMessageImage(db: Db, messageId: string) {
  const rows = await queryRows<{ chatId: string; image: ChatImage | null }>(
    db,
    sql`select chat_id as "chatId", image from chat_messages where id = ${messageId}`,
  );
  return rows[0] ?? null;
}
