import { messages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of chats, and how each answers over HTTP. */
export const chatsErrors = {
  CHAT_NOT_FOUND: { status: 404, message: messages.chats.notFound },
  CHAT_MESSAGE_INVALID: { status: 400, message: messages.chats.needsTextOrImage },
  CHAT_IMAGE_NOT_FOUND: { status: 404, message: messages.chats.imageNotFound },
} satisfies Record<string, ErrorAnswer>;

export type ChatsErrorCode = keyof typeof chatsErrors;

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    chats: typeof chatsErrors;
  }
}
