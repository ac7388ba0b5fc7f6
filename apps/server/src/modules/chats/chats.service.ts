import {
  CHAT_CATCH_UP_LIMIT,
  CHAT_PAGE_SIZE,
  chatImageTypeOf,
  chatMessageProblem,
  itemTitle,
  messages,
  recordLinksIn,
  showsChatWidget,
  unreadCount,
  type ChatMessageDto,
  type ChatRecordCardDto,
} from '@prospector/core';
import type { UploadedImage } from '../../lib/image-form.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { fail, ok } from '../../lib/result.js';
import { chatDtos, notifyMentions, postMessage, readableChat, type ChatsDeps, type R } from './chat-core.js';
import { createChatMembers } from './chat-members.js';
import { nameOf, toMessageDto } from './chats.mappers.js';
import * as q from './chats.queries.js';
import { createSupportInbox } from './support-inbox.js';

export type ChatsService = ReturnType<typeof createChatsService>;

/**
 * Team chats and live support (issue 20): a room for the team, a direct chat per pair of members and
 * a support chat with our staff; every message numbered per chat, sent live to the chat's readers only.
 * What the use cases share is in `chat-core.ts`; the members' and the staff's own in their files.
 */
export function createChatsService(deps: ChatsDeps) {
  const { db } = deps;
  const readable = (auth: AuthContext, chatId: string) => readableChat(db, auth, chatId);

  async function listFor(auth: AuthContext) {
    await q.syncTeamChats(db, auth.teamId);
    return chatDtos(db, auth.userId, await q.listUserChats(db, auth.userId));
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
      const [dto] = await chatDtos(db, auth.userId, [{ ...chat, lastReadSeq }]);
      if (chat.kind === 'support' && chat.teamId !== auth.teamId) {
        const team = await q.findTeam(db, chat.teamId);
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
      const row = await postMessage(deps, chat, {
        senderId: auth.userId,
        senderName: nameOf(auth.user),
        fromSupport: chat.kind === 'support' && auth.user.isStaff,
        body,
        image,
        system: null,
        records: recordLinksIn(body),
        support: chat.kind !== 'support' ? null : auth.user.isStaff ? 'answered' : 'wait',
      });
      await notifyMentions(deps, auth, chat, input.mentions, body);
      return ok(toMessageDto(row));
    },

    async markRead(auth: AuthContext, chatId: string, seq: number) {
      const found = await readable(auth, chatId);
      if (!found.ok) return found;
      const staff =
        found.value.chat.kind === 'support' && auth.user.isStaff && found.value.chat.teamId !== auth.teamId;
      const lastReadSeq = await q.markRead(db, chatId, auth.userId, seq, staff);
      const answer = { chatId, lastReadSeq, notifCount: unreadCount(found.value.chat.lastSeq, lastReadSeq) };
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

    supportInbox: createSupportInbox(deps),

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
      const found = await readable(auth, message.chatId);
      if (!found.ok) return fail('CHAT_IMAGE_NOT_FOUND' as const);
      const file = await deps.store.open(size === 'full' ? message.image.file : message.image.thumb);
      return file ? ok(file) : fail('CHAT_IMAGE_NOT_FOUND' as const);
    },

    ...createChatMembers(deps),
  };
}
