import { chatPreview, messages, systemMessageText, type ChatDto } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { rooms, type Realtime } from '../../plugins/realtime.js';
import type { NotificationsService } from '../notifications/index.js';
import type { RecordsService } from '../records/index.js';
import type { ChatImageStore } from './chat-image-store.js';
import type { ChatsErrorCode } from './chats.errors.js';
import { nameOf, toChatDto, toMessageDto } from './chats.mappers.js';
import * as q from './chats.queries.js';

export type ChatsDeps = {
  db: Db;
  clock: Clock;
  realtime: () => Realtime;
  store: ChatImageStore;
  notifications: NotificationsService;
  records: Pick<RecordsService, 'access'>;
  staffEmails: readonly string[];
  /** The team's plan and credits, for the staff's inbox (the billing module's services). */
  billing: { planOf(teamId: string): Promise<{ name: string }>; balance(teamId: string): Promise<number> };
};

export type R<T> = Promise<Result<T, ChatsErrorCode>>;

/*
 * What the chats' use cases share: who may read a chat, storing a message and sending it to the chat's
 * readers, the chats as one member sees them, and the notices a message raises.
 */

/** The chats as `viewer` sees them (titles from their side), with each member's unread count. */
export async function chatDtos(
  db: Db,
  viewerId: string,
  rows: (q.ChatRow & { lastReadSeq: number })[],
): Promise<ChatDto[]> {
  const members = await q.listMembersOf(
    db,
    rows.map((r) => r.id),
  );
  const team = rows.length ? await q.findTeam(db, rows[0]!.teamId) : null;
  return rows.map((c) => {
    const other =
      c.kind === 'direct' ? members.find((m) => m.chatId === c.id && m.userId !== viewerId) : undefined;
    const title =
      c.kind === 'support' ? messages.chats.supportTitle : other ? nameOf(other) : messages.chats.teamRoom;
    const avatar =
      c.kind === 'direct' ? (other?.avatar ?? null) : c.kind === 'team' ? (team?.avatar ?? null) : null;
    return toChatDto(c, members, { title, avatar });
  });
}

/** The chat if the caller may read it: a member, or our staff for a support chat. */
export async function readableChat(
  db: Db,
  auth: AuthContext,
  chatId: string,
): R<{ chat: q.ChatRow; lastReadSeq: number }> {
  const found = await q.findChatForReader(db, chatId, auth.userId);
  if (!found) return fail('CHAT_NOT_FOUND');
  const { readSeq, staff: staffRow, ...chat } = found;
  const member = readSeq !== null && staffRow === false && chat.teamId === auth.teamId;
  const staff = chat.kind === 'support' && auth.user.isStaff;
  if (!member && !staff) return fail('CHAT_NOT_FOUND');
  return ok({ chat, lastReadSeq: readSeq ?? 0 });
}

/** Stores a message and sends it to the chat's readers: its members' sockets, and the staff's for support. */
export async function postMessage(
  { db, clock, realtime }: Pick<ChatsDeps, 'db' | 'clock' | 'realtime'>,
  chat: q.ChatRow,
  m: Omit<q.NewMessage, 'chatId' | 'preview' | 'createdAt'>,
) {
  const preview = chatPreview(m.body || (m.image ? '📷' : ''));
  const { memberIds, ...row } = await q.insertMessage(db, {
    ...m,
    chatId: chat.id,
    preview,
    createdAt: clock.now(),
  });
  const to = memberIds.map(rooms.user);
  if (chat.kind === 'support') to.push(rooms.staff);
  if (to.length) realtime().toRooms(to, 'chatMessage', { chatId: chat.id, message: toMessageDto(row) });
  return row;
}

/** The room's line that a member joined or left. */
export async function postSystemLine(
  deps: Pick<ChatsDeps, 'db' | 'clock' | 'realtime'>,
  chat: q.ChatRow,
  kind: 'joined' | 'left',
  name: string,
) {
  await postMessage(deps, chat, {
    senderId: null,
    senderName: '',
    fromSupport: false,
    body: systemMessageText(kind, name),
    image: null,
    system: kind,
    records: [],
    support: null,
  });
}

/** @mentions notify like a comment's: the chat's members named, the sender excluded. */
export async function notifyMentions(
  { db, notifications }: Pick<ChatsDeps, 'db' | 'notifications'>,
  auth: AuthContext,
  chat: q.ChatRow,
  mentions: string[],
  body: string,
) {
  if (mentions.length === 0 || chat.teamId !== auth.teamId) return;
  const recipients = (await q.findMembersByIds(db, chat.id, mentions)).map((r) => r.userId);
  if (recipients.length === 0) return;
  const push = await notifications.notify(db, {
    teamId: auth.teamId,
    senderId: auth.userId,
    recipients,
    body: messages.chats.mentionBody.replace('{name}', nameOf(auth.user)),
    body2: chatPreview(body, 90),
    targetId: null,
  });
  await push();
}
