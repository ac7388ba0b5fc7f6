import {
  CHAT_CATCH_UP_LIMIT,
  CHAT_IMAGE_PATH,
  CHAT_PAGE_SIZE,
  chatImageTypeOf,
  chatMessageProblem,
  chatPreview,
  itemTitle,
  messages,
  recordLinksIn,
  showsChatWidget,
  sortSupportInbox,
  formatCredits,
  systemMessageText,
  unreadCount,
  type ChatDto,
  type ChatMessageDto,
  type ChatRecordCardDto,
  type SupportInboxRowDto,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { UploadedImage } from '../../lib/image-form.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { DomainError } from '../../lib/errors.js';
import { rooms, type Realtime } from '../../plugins/realtime.js';
import type { NotificationsService } from '../notifications/index.js';
import type { RecordsService } from '../records/index.js';
import type { ChatImageStore } from './chat-image-store.js';
import type { ChatsErrorCode } from './chats.errors.js';
import * as q from './chats.queries.js';

export type ChatsService = ReturnType<typeof createChatsService>;

type R<T> = Promise<Result<T, ChatsErrorCode>>;

const imageUrl = (id: string, size: 'full' | 'thumb') =>
  CHAT_IMAGE_PATH.replace(':id', id).replace(':size', size);

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

/** Raw SQL answers timestamps as Date (pg) or text (PGlite's JSON path): the same instant either way. */
const iso = (v: Date | string) => new Date(v).toISOString();

const nameOf = (u: { name: string; email: string }) => u.name.trim() || u.email;

/**
 * Team chats and live support (issue 20): a room for the team, a direct chat per pair of members and
 * a support chat with our staff; every message numbered per chat, sent live to the chat's readers only.
 */
export function createChatsService(deps: {
  db: Db;
  clock: Clock;
  realtime: () => Realtime;
  store: ChatImageStore;
  notifications: NotificationsService;
  records: Pick<RecordsService, 'access'>;
  staffEmails: readonly string[];
  /** The team's plan and credits, for the staff's inbox (the billing module's services). */
  billing: { planOf(teamId: string): Promise<{ name: string }>; balance(teamId: string): Promise<number> };
}) {
  const { db, clock } = deps;

  /** The chats as `viewer` sees them (titles from their side), with each member's unread count. */
  async function toDtos(
    viewerId: string,
    rows: (q.ChatRow & { last_read_seq: number })[],
  ): Promise<ChatDto[]> {
    const members = await q.listMembersOf(
      db,
      rows.map((r) => r.id),
    );
    const team = rows.length ? await q.findTeam(db, rows[0]!.team_id) : null;
    return rows.map((c) => {
      const inChat = members.filter((m) => m.chat_id === c.id);
      const other = c.kind === 'direct' ? inChat.find((m) => m.user_id !== viewerId) : undefined;
      const title =
        c.kind === 'team'
          ? messages.chats.teamRoom
          : c.kind === 'support'
            ? messages.chats.supportTitle
            : other
              ? nameOf(other)
              : messages.chats.teamRoom;
      return {
        _id: c.id,
        team: c.team_id,
        kind: c.kind,
        support: c.kind === 'support',
        title,
        avatar:
          c.kind === 'direct' ? (other?.avatar ?? null) : c.kind === 'team' ? (team?.avatar ?? null) : null,
        users: inChat.map((m) => ({
          userId: m.user_id,
          notifCount: unreadCount(c.last_seq, m.last_read_seq),
        })),
        notifCount: unreadCount(c.last_seq, c.last_read_seq),
        lastSeq: c.last_seq,
        lastReadSeq: c.last_read_seq,
        updatedAt: iso(c.last_at ?? c.created_at),
        lastMessage:
          c.last_body !== null && c.last_at ? { body: c.last_body, createdAt: iso(c.last_at) } : null,
      };
    });
  }

  /** The chat if the caller may read it: a member, or our staff for a support chat. */
  async function readable(auth: AuthContext, chatId: string): R<{ chat: q.ChatRow; lastReadSeq: number }> {
    const found = await q.findChatForReader(db, chatId, auth.userId);
    if (!found) return fail('CHAT_NOT_FOUND');
    const { read_seq, staff: staffRow, ...chat } = found;
    const member = read_seq !== null && staffRow === false && chat.team_id === auth.teamId;
    const staff = chat.kind === 'support' && auth.user.isStaff;
    if (!member && !staff) return fail('CHAT_NOT_FOUND');
    return ok({ chat, lastReadSeq: read_seq ?? 0 });
  }

  /** Sends a stored message to the chat's readers: its members' sockets, and the staff's for support. */
  function emit(chat: q.ChatRow, row: q.MessageRow, memberIds: string[]) {
    const to = memberIds.map(rooms.user);
    if (chat.kind === 'support') to.push(rooms.staff);
    if (to.length)
      deps.realtime().toRooms(to, 'chatMessage', { chatId: chat.id, message: toMessageDto(row) });
  }

  async function post(chat: q.ChatRow, m: Omit<q.NewMessage, 'chatId' | 'preview' | 'createdAt'>) {
    const preview = chatPreview(m.body || (m.image ? '📷' : ''));
    const { member_ids, ...row } = await q.insertMessage(db, {
      ...m,
      chatId: chat.id,
      preview,
      createdAt: clock.now(),
    });
    emit(chat, row, member_ids);
    return row;
  }

  async function listFor(auth: AuthContext) {
    await q.syncTeamChats(db, auth.teamId);
    return toDtos(auth.userId, await q.listUserChats(db, auth.userId));
  }

  return {
    /** The Chats modal: the caller's chats (made whole first), and whether the widget shows at all. */
    async list(auth: AuthContext) {
      const internal = await q.teamHasStaff(db, auth.teamId, deps.staffEmails);
      return {
        widget: showsChatWidget({ isStaff: auth.user.isStaff, teamIsInternal: internal }),
        chats: await listFor(auth),
      };
    },

    async get(auth: AuthContext, chatId: string, before: number | undefined) {
      const found = await readable(auth, chatId);
      if (!found.ok) return found;
      const { chat, lastReadSeq } = found.value;
      const page = await q.listMessages(db, chatId, before ?? null, CHAT_PAGE_SIZE + 1);
      const hasMore = page.length > CHAT_PAGE_SIZE;
      const shown = hasMore ? page.slice(1) : page;
      const [dto] = await toDtos(auth.userId, [{ ...chat, last_read_seq: lastReadSeq }]);
      if (chat.kind === 'support' && chat.team_id !== auth.teamId) {
        const team = await q.findTeam(db, chat.team_id);
        dto!.title = team?.name ?? dto!.title;
      }
      return ok({ chat: dto!, messages: shown.map(toMessageDto), hasMore });
    },

    /** Spec part 1 §5: text or an image. Our staff write in a support chat as 'Support'. */
    async send(
      auth: AuthContext,
      input: { chatId: string; body: string; image: UploadedImage | null; mentions: string[] },
    ): R<ChatMessageDto> {
      const found = await readable(auth, input.chatId);
      if (!found.ok) return found;
      const { chat } = found.value;
      const body = input.body.trim();
      if (input.image?.truncated) return fail('CHAT_MESSAGE_INVALID', messages.chats.imageTooLarge);
      const bytes = input.image && input.image.bytes.length > 0 ? input.image.bytes : null;
      const problem = chatMessageProblem({ body, image: bytes });
      if (problem) return fail('CHAT_MESSAGE_INVALID', problem);
      const type = bytes ? chatImageTypeOf(bytes) : null;
      const image = bytes && type ? await deps.store.save(bytes, type) : null;
      if (bytes && !image) return fail('CHAT_MESSAGE_INVALID', messages.chats.imageWrongType);
      const row = await post(chat, {
        senderId: auth.userId,
        senderName: auth.user.name.trim() || auth.user.email,
        fromSupport: chat.kind === 'support' && auth.user.isStaff,
        body,
        image,
        system: null,
        records: recordLinksIn(body),
        support: chat.kind !== 'support' ? null : auth.user.isStaff ? 'answered' : 'wait',
      });
      await notifyMentions(auth, chat, input.mentions, body);
      return ok(toMessageDto(row));
    },

    async markRead(auth: AuthContext, chatId: string, seq: number) {
      const found = await readable(auth, chatId);
      if (!found.ok) return found;
      const staff =
        found.value.chat.kind === 'support' && auth.user.isStaff && found.value.chat.team_id !== auth.teamId;
      const lastReadSeq = await q.markRead(db, chatId, auth.userId, seq, staff);
      const answer = { chatId, lastReadSeq, notifCount: unreadCount(found.value.chat.last_seq, lastReadSeq) };
      deps.realtime().toUser(auth.userId, 'chatRead', answer);
      return ok(answer);
    },

    /** After a reconnect: what came after each sequence the client saw, in chats it may read. */
    async missed(auth: AuthContext, since: { chatId: string; seq: number }[]) {
      const allowed = await q.readableChatIds(
        db,
        auth.userId,
        since.map((s) => s.chatId),
        auth.user.isStaff,
      );
      const asked = since.filter((s) => allowed.has(s.chatId));
      if (asked.length === 0) return { messages: [], more: false };
      const rows = await q.listMissed(db, asked, CHAT_CATCH_UP_LIMIT + 1);
      const more = rows.length > CHAT_CATCH_UP_LIMIT;
      return { messages: rows.slice(0, CHAT_CATCH_UP_LIMIT).map(toMessageDto), more };
    },

    /** The staff's inbox: every team's support chat with messages, unread first (sorted by the caller). */
    async supportInbox(auth: AuthContext): Promise<SupportInboxRowDto[]> {
      // Staff only, without the admin area's second factor: answering customers is staff's daily
      // work, not a power over a team (ADR 024).
      if (!auth.user.isStaff) throw new DomainError('STAFF_REQUIRED');
      const rows = await q.listSupportChats(db, auth.userId);
      const members = await q.listMembersOf(
        db,
        rows.map((r) => r.id),
      );
      const inbox = await Promise.all(
        rows.map(async (c) => ({
          _id: c.id,
          team: c.team_id,
          kind: c.kind,
          support: true,
          title: c.team_name,
          avatar: c.team_avatar,
          users: members
            .filter((m) => m.chat_id === c.id)
            .map((m) => ({ userId: m.user_id, notifCount: unreadCount(c.last_seq, m.last_read_seq) })),
          notifCount: unreadCount(c.last_seq, c.last_read_seq),
          lastSeq: c.last_seq,
          lastReadSeq: c.last_read_seq,
          updatedAt: iso(c.last_at ?? c.created_at),
          lastMessage:
            c.last_body !== null && c.last_at ? { body: c.last_body, createdAt: iso(c.last_at) } : null,
          teamName: c.team_name,
          plan: (await deps.billing.planOf(c.team_id)).name,
          credits: formatCredits(await deps.billing.balance(c.team_id)),
        })),
      );
      return sortSupportInbox(inbox);
    },

    /** Cards of linked records the caller may open (the rest are left out, saying nothing of them). */
    async cards(auth: AuthContext, itemIds: string[]): Promise<ChatRecordCardDto[]> {
      const cards: ChatRecordCardDto[] = [];
      for (const id of [...new Set(itemIds)]) {
        const found = await deps.records.access(auth, id);
        if (found.ok)
          cards.push({
            _id: id,
            type: found.value.type,
            title: itemTitle(found.value.type, found.value.data),
          });
      }
      return cards;
    },

    async openImage(auth: AuthContext, messageId: string, size: 'full' | 'thumb') {
      const message = await q.findMessageImage(db, messageId);
      if (!message?.image) return fail('CHAT_IMAGE_NOT_FOUND' as const);
      const found = await readable(auth, message.chat_id);
      if (!found.ok) return fail('CHAT_IMAGE_NOT_FOUND' as const);
      const file = await deps.store.open(size === 'full' ? message.image.file : message.image.thumb);
      return file ? ok(file) : fail('CHAT_IMAGE_NOT_FOUND' as const);
    },

    /**
     * A member was added: the team's chats are made whole (the room, a direct chat with each teammate),
     * the room hears they joined, and their chats are answered (spec part 2 §7 addMember's `chats`).
     */
    async memberAdded(teamId: string, userId: string): Promise<ChatDto[]> {
      await q.syncTeamChats(db, teamId);
      const user = await q.findUser(db, userId);
      const { room } = await q.teamChatIds(db, teamId);
      const roomChat = room ? await q.findChat(db, room) : null;
      if (user && roomChat) await postSystem(roomChat, 'joined', nameOf(user));
      if (!user) return [];
      return toDtos(userId, await q.listUserChats(db, userId));
    },

    /** The member's name, read before they are removed (their row goes with them). */
    async nameOf(userId: string) {
      const user = await q.findUser(db, userId);
      return user ? nameOf(user) : null;
    },

    /** A member was removed: their direct chats go, and the room hears they left. */
    async memberRemoved(teamId: string, userId: string, name: string) {
      await q.deleteDirectChatsOf(db, teamId, userId);
      const { room } = await q.teamChatIds(db, teamId);
      const roomChat = room ? await q.findChat(db, room) : null;
      if (roomChat) await postSystem(roomChat, 'left', name);
    },
  };

  async function postSystem(chat: q.ChatRow, kind: 'joined' | 'left', name: string) {
    await post(chat, {
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
  async function notifyMentions(auth: AuthContext, chat: q.ChatRow, mentions: string[], body: string) {
    if (mentions.length === 0 || chat.team_id !== auth.teamId) return;
    const recipients = (await q.findMembersByIds(db, chat.id, mentions)).map((r) => r.user_id);
    if (recipients.length === 0) return;
    const push = await deps.notifications.notify(db, {
      teamId: auth.teamId,
      senderId: auth.userId,
      recipients,
      body: messages.chats.mentionBody.replace('{name}', auth.user.name.trim() || auth.user.email),
      body2: chatPreview(body, 90),
      targetId: null,
    });
    await push();
  }
}
