import { z } from 'zod';
import { MAX_CHAT_BODY } from '../../rules/chats.js';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';
import { chatDto, chatMessageDto, chatRecordCardDto, supportInboxRowDto } from './dto.js';

const id = z.uuid();

/**
 * The Chats modal's list (spec part 1 §2.6): the reader's chats, newest first, and whether the chat
 * widget shows at all (§2.1: hidden for our internal team, except the staff).
 */
export const listChats = defineEndpoint({
  method: 'GET',
  path: '/api/chats',
  auth: true,
  response: z.object({ widget: z.boolean(), chats: z.array(chatDto) }),
});

/**
 * One chat (spec part 1 §7 'GET /chats/{id}'): the chat and a page of its history, oldest first;
 * `before` (a sequence) pages backwards. `hasMore`: older messages exist.
 */
export const getChat = defineEndpoint({
  method: 'GET',
  path: '/api/chats/:id',
  auth: true,
  params: z.object({ id }),
  query: z.object({ before: z.coerce.number().int().positive().optional() }),
  response: z.object({ chat: chatDto, messages: z.array(chatMessageDto), hasMore: z.boolean() }),
});

/**
 * Sends a message (spec part 1 §7 'POST /chats/send', form: chatId, body, img?, fileId?) as
 * multipart/form-data: `img` an image (PNG, JPEG, WebP or GIF by its bytes, at most 10 MB); `fileId`
 * the client's id for the upload, echoed back; `mentions` comma-separated member ids. Needs text or an
 * image. A JSON body { chatId, body, mentions? } is accepted for text alone.
 */
export const sendChatMessage = defineEndpoint({
  method: 'POST',
  path: '/api/chats/send',
  auth: true,
  response: z.object({ message: chatMessageDto, fileId: text().nullable() }),
});

/** The JSON form of sendChatMessage (text alone). */
export const sendChatMessageJson = z.object({
  chatId: id,
  body: text().max(MAX_CHAT_BODY),
  mentions: z.array(id).max(50).optional(),
});

/** Opening a chat marks it read up to `seq` (spec part 1 §4); the reader's other tabs hear `chatRead`. */
export const markChatRead = defineEndpoint({
  method: 'PATCH',
  path: '/api/chats/read',
  auth: true,
  body: z.object({ chatId: id, seq: z.number().int().min(0) }),
  response: z.object({ chatId: text(), lastReadSeq: z.number().int(), notifCount: z.number().int() }),
});

/**
 * After a reconnect: every message after the last sequence the client saw, per chat, in one call,
 * oldest first per chat. `more`: the answer stopped at its limit; ask again from what it gave.
 */
export const getMissedChatMessages = defineEndpoint({
  method: 'POST',
  path: '/api/chats/missed',
  auth: true,
  body: z.object({
    since: z.array(z.object({ chatId: id, seq: z.number().int().min(0) })).max(1000),
  }),
  response: z.object({ messages: z.array(chatMessageDto), more: z.boolean() }),
});

/**
 * The staff's support inbox: every team's support chat, unread first, with the team's plan and credits.
 * Staff only (403 'nope.'), but not behind the admin area's second factor (ADR 024).
 */
export const getSupportInbox = defineEndpoint({
  method: 'GET',
  path: '/api/chats/support',
  auth: true,
  response: z.object({ chats: z.array(supportInboxRowDto) }),
});

/** Cards of records linked from chats: only those the reader may open (others are left out). */
export const getChatRecordCards = defineEndpoint({
  method: 'POST',
  path: '/api/chats/cards',
  auth: true,
  body: z.object({ itemIds: z.array(id).max(50) }),
  response: z.object({ cards: z.array(chatRecordCardDto) }),
});
