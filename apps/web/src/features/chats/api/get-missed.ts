import { getMissedChatMessages } from '@prospector/core';
import { call } from '../../../lib/api-client';

/** After a reconnect: every message after the newest sequence seen per chat, in one call (repeated while `more`). */
export function getMissed(since: { chatId: string; seq: number }[]) {
  return call(getMissedChatMessages, { since }, { quiet: true });
}
