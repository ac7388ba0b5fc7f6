import { CHAT_IMAGE_PATH, messages, unreadCount, type ChatDto, type ChatMessageDto } from '@prospector/core';
import type * as q from './chats.queries.js';

const imageUrl = (id: string, size: 'full' | 'thumb') =>
  CHAT_IMAGE_PATH.replace(':id', id).replace(':size', size);

/** Raw SQL answers timestamps as Date (pg) or text (PGlite's JSON path): the same instant either way. */
export const iso = (v: Date | string) => new Date(v).toISOString();

export const nameOf = (u: { name: string; email: string }) => u.name.trim() || u.email;

export function toMessageDto(m: q.MessageRow): ChatMessageDto {
  return {
    _id: m.id,
    chatId: m.chatId,
    seq: m.seq,
    sender:
      m.system !== null
        ? null
        : m.fromSupport
          ? { _id: null, name: messages.chats.supportName, avatar: null }
          : { _id: m.senderId, name: m.senderName, avatar: m.senderAvatar },
    fromSupport: m.fromSupport,
    body: m.body,
    file: m.image
      ? {
          url: imageUrl(m.id, 'full'),
          thumbUrl: imageUrl(m.id, 'thumb'),
          width: m.image.width,
          height: m.image.height,
        }
      : null,
    system: m.system,
    records: m.records,
    createdAt: iso(m.createdAt),
  };
}

type ChatFigures = Pick<
  q.ChatRow,
  'id' | 'teamId' | 'kind' | 'lastSeq' | 'lastBody' | 'lastAt' | 'createdAt'
> & {
  lastReadSeq: number;
};

/** A chat as one reader sees it: its title and avatar, and each member's unread count. */
export function toChatDto(
  c: ChatFigures,
  members: readonly { chatId: string; userId: string; lastReadSeq: number }[],
  look: { title: string; avatar: string | null },
): ChatDto {
  return {
    _id: c.id,
    team: c.teamId,
    kind: c.kind,
    support: c.kind === 'support',
    title: look.title,
    avatar: look.avatar,
    users: members
      .filter((m) => m.chatId === c.id)
      .map((m) => ({ userId: m.userId, notifCount: unreadCount(c.lastSeq, m.lastReadSeq) })),
    notifCount: unreadCount(c.lastSeq, c.lastReadSeq),
    lastSeq: c.lastSeq,
    lastReadSeq: c.lastReadSeq,
    updatedAt: iso(c.lastAt ?? c.createdAt),
    lastMessage: c.lastBody !== null && c.lastAt ? { body: c.lastBody, createdAt: iso(c.lastAt) } : null,
  };
}
