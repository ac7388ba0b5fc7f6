import { messages } from '../messages.js';
import { imageTypeOf, type AvatarType } from './avatars.js';

/** What a chat is: one team-wide room, a direct chat between two teammates, or the team's line to support. */
export const CHAT_KINDS = ['team', 'direct', 'support'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

/** Spec part 1 §9: a chat's last message is previewed in the Chats modal cut at 170 characters. */
export const CHAT_PREVIEW_LENGTH = 170;
/** Spec part 1 §9: the chat input starts 40 px high. */
export const CHAT_INPUT_HEIGHT = 40;
/** A message's text: a chat line, not a document. */
export const MAX_CHAT_BODY = 4000;
/** 10 MB: a screenshot or a phone camera's photo. */
export const MAX_CHAT_IMAGE_BYTES = 10 * 1024 * 1024;
/** The longest side of an image's thumbnail, in pixels (shown in the chat; the original opens enlarged). */
export const CHAT_THUMB_SIZE = 320;
/** Messages per page of a chat's history, loaded newest first and scrolled backwards. */
export const CHAT_PAGE_SIZE = 30;
/** Messages one catch-up call answers at most; `more` tells the client to ask again from where it got to. */
export const CHAT_CATCH_UP_LIMIT = 2000;
/** Minutes an unanswered support message waits before the staff are e-mailed, unless configured. */
export const DEFAULT_SUPPORT_ALERT_MINUTES = 10;

/** The preview of a chat's last message: whitespace folded, cut at 170 characters with an ellipsis. */
export function chatPreview(body: string, length = CHAT_PREVIEW_LENGTH): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length).trimEnd()}…` : flat;
}

/** Spec part 1 §5: sending needs text or an image (spaces alone are no text). */
export function canSendChat(input: { body: string; hasImage: boolean }): boolean {
  return input.hasImage || input.body.trim().length > 0;
}

/** Why a chat message is refused, or null when it may be sent. */
export function chatMessageProblem(input: { body: string; image: Uint8Array | null }): string | null {
  if (input.body.length > MAX_CHAT_BODY) return messages.chats.tooLong;
  if (!input.image)
    return canSendChat({ body: input.body, hasImage: false }) ? null : messages.chats.needsTextOrImage;
  if (input.image.length === 0)
    return canSendChat({ body: input.body, hasImage: false }) ? null : messages.chats.needsTextOrImage;
  if (input.image.length > MAX_CHAT_IMAGE_BYTES) return messages.chats.imageTooLarge;
  return imageTypeOf(input.image) ? null : messages.chats.imageWrongType;
}

/** The image type of an accepted chat image, by its bytes. */
export const chatImageTypeOf = (bytes: Uint8Array): AvatarType | null => imageTypeOf(bytes);

/** The one key of the direct chat between two members, whichever of them opens it. */
export function directChatKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/** Every pair of members, each once: the direct chats a team has. */
export function memberPairs(ids: readonly string[]): [string, string][] {
  const sorted = [...new Set(ids)].sort();
  const pairs: [string, string][] = [];
  for (let i = 0; i < sorted.length; i++)
    for (let j = i + 1; j < sorted.length; j++) pairs.push([sorted[i]!, sorted[j]!]);
  return pairs;
}

/** Messages a reader has not read: those after the last one they read (sequences have no gaps). */
export function unreadCount(lastSeq: number, lastReadSeq: number): number {
  return Math.max(0, lastSeq - lastReadSeq);
}

/**
 * Spec part 1 §2.1: the chat widget is hidden for the product's own internal team (a team one of the
 * staff belongs to) except for the staff themselves.
 */
export function showsChatWidget(viewer: { isStaff: boolean; teamIsInternal: boolean }): boolean {
  return viewer.isStaff || !viewer.teamIsInternal;
}

/** The staff's support inbox: chats with unread messages first (most unread first), then the newest. */
export function sortSupportInbox<T extends { notifCount: number; updatedAt: string }>(
  rows: readonly T[],
): T[] {
  return [...rows].sort(
    (a, b) =>
      Number(b.notifCount > 0) - Number(a.notifCount > 0) ||
      b.notifCount - a.notifCount ||
      b.updatedAt.localeCompare(a.updatedAt),
  );
}

/** An unanswered support message is due for the staff's e-mail once it has waited `minutes`, and only once. */
export function supportAlertDue(
  waitingSince: Date | null,
  alertedAt: Date | null,
  now: Date,
  minutes: number,
): boolean {
  return (
    waitingSince !== null && alertedAt === null && now.getTime() - waitingSince.getTime() >= minutes * 60_000
  );
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const RECORD_LINK = new RegExp(`https?://[^\\s]+?[?&]record=(${UUID})`, 'gi');

/**
 * The records a message links to: URLs of the workspace with `?record=<id>` (how an open record is
 * addressed, and what its address bar shows), each once, in order, at most 5.
 */
export function recordLinksIn(body: string): string[] {
  const ids: string[] = [];
  for (const m of body.matchAll(RECORD_LINK)) {
    const id = m[1]!.toLowerCase();
    if (!ids.includes(id)) ids.push(id);
  }
  return ids.slice(0, 5);
}

/** A system message's text, for the member who joined or left. */
export function systemMessageText(kind: 'joined' | 'left', name: string): string {
  return messages.chats[kind].replace('{name}', name);
}

/**
 * The members an @mention in a message names: '@' followed by a member's full name or first name
 * (any case), not inside a word (an e-mail address is no mention).
 */
export function chatMentions(body: string, members: readonly { _id: string; name: string }[]): string[] {
  const text = body.toLowerCase();
  return members
    .filter((m) => {
      const full = m.name.trim().toLowerCase();
      if (!full) return false;
      const first = full.split(/\s+/)[0]!;
      return [full, first].some((n) =>
        new RegExp(`(^|[^\\w@])@${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`).test(text),
      );
    })
    .map((m) => m._id);
}
