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
    chatId: m.chat_id,
    seq: m.seq,
    sender:
      m.system !== null
        ? null
        : m.from_support
          ? { _id: null, name: messages.chats.supportName, avatar: null }
          : { _id: m.sender_id, name: m.sender_name, avatar: m.sender_avatar },
    fromSupport: m.from_support,
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
    createdAt: iso(m.created_at),
  };
}

type ChatFigures = Pick<
  q.ChatRow,
  'id' | 'team_id' | 'kind' | 'last_seq' | 'last_body' | 'last_at' | 'created_at'
> & {
  last_read_seq: number;
};

/** A chat as one reader sees it: its title and avatar, and each member's unread count. */
export function toChatDto(
  c: ChatFigures,
  members: readonly { chat_id: string; user_id: string; last_read_seq: number }[],
  look: { title: string; avatar: string | null },
): ChatDto {
  return {
    _id: c.id,
    team: c.team_id,
    kind: c.kind,
    support: c.kind === 'support',
    title: look.title,
    avatar: look.avatar,
    users: members
      .filter((m) => m.chat_id === c.id)
      .map((m) => ({ userId: m.user_id, notifCount: unreadCount(c.last_seq, m.last_read_seq) })),
    notifCount: unreadCount(c.last_seq, c.last_read_seq),
    lastSeq: c.last_seq,
    lastReadSeq: c.last_read_seq,
    updatedAt: iso(c.last_at ?? c.created_at),
    lastMessage: c.last_body !== null && c.last_at ? { body: c.last_body, createdAt: iso(c.last_at) } : null,
  };
}
