import { z } from 'zod';
import { CHAT_KINDS } from '../../rules/chats.js';
import { text } from '../text.js';

/** Where a chat image is served: `GET /api/chats/images/:id/:size`, to the chat's members only (bearer token). */
export const CHAT_IMAGE_PATH = '/api/chats/images/:id/:size';
export const CHAT_IMAGE_SIZES = ['full', 'thumb'] as const;

/** Who wrote a message: a member, or a staff member answering as 'Support' (name 'Support', no avatar). */
export const chatSenderDto = z.object({ _id: text().nullable(), name: text(), avatar: text().nullable() });

/** Spec part 1 §3 'Chat message': sender, body, file, system, createdAt; plus the chat's sequence. */
export const chatMessageDto = z.object({
  _id: text(),
  chatId: text(),
  /** Server-assigned, per chat, 1, 2, 3…: a client that saw seq n asks for what came after n. */
  seq: z.number().int().positive(),
  sender: chatSenderDto.nullable(),
  /** True when our staff wrote it from the support inbox. */
  fromSupport: z.boolean(),
  body: text(),
  /** An image: its enlarged and thumbnail URLs (served with the bearer token) and the thumbnail's size. */
  file: z
    .object({
      url: text(),
      thumbUrl: text(),
      width: z.number().int(),
      height: z.number().int(),
    })
    .nullable(),
  /** 'joined' or 'left' for the team room's notes about members; null for what someone wrote. */
  system: z.enum(['joined', 'left']).nullable(),
  /** Records the message links to (their cards are asked for by the reader: only what they may open shows). */
  records: z.array(text()),
  createdAt: text(),
});
export type ChatMessageDto = z.infer<typeof chatMessageDto>;

/** Spec part 1 §3 'Chat': _id, team, support, users (userId, notifCount), notifCount, updatedAt, lastMessage.body. */
export const chatDto = z.object({
  _id: text(),
  team: text(),
  kind: z.enum(CHAT_KINDS),
  support: z.boolean(),
  /** As the reader sees it: the teammate's name, 'Everyone', 'Live support', or (staff) the team's name. */
  title: text(),
  avatar: text().nullable(),
  /** The members (the reader's teammates in it) and each one's unread count. */
  users: z.array(z.object({ userId: text(), notifCount: z.number().int() })),
  /** The reader's unread count. */
  notifCount: z.number().int(),
  /** The newest message's sequence (0: none yet). */
  lastSeq: z.number().int(),
  /** The newest sequence the reader has read. */
  lastReadSeq: z.number().int(),
  updatedAt: text(),
  lastMessage: z.object({ body: text(), createdAt: text() }).nullable(),
});
export type ChatDto = z.infer<typeof chatDto>;

/** A row of the staff's support inbox: the chat, its team's plan and credits (spec part 1 §6). */
export const supportInboxRowDto = chatDto.extend({
  teamName: text(),
  plan: text(),
  /** The team's credits, formatted as Settings > Billing shows them. */
  credits: text(),
});
export type SupportInboxRowDto = z.infer<typeof supportInboxRowDto>;

/** A record linked from a chat, as a card: only for a reader who may open it. */
export const chatRecordCardDto = z.object({
  _id: text(),
  type: z.enum(['contact', 'property', 'company']),
  title: text(),
});
export type ChatRecordCardDto = z.infer<typeof chatRecordCardDto>;
