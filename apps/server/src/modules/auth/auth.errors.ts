import { messages, serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of logging in, and how each answers over HTTP. */
export const authErrors = {
  INVALID_CODE: { status: 400, message: messages.auth.invalidCode },
  SEND_LIMIT_SHORT: { status: 429, message: messages.auth.tooManySends },
  SEND_LIMIT_DAY: { status: 429, message: serverMessages.auth.tooManySendsToday },
  MAIL_FAILED: { status: 503, message: serverMessages.auth.mailFailed },
} satisfies Record<string, ErrorAnswer>;

export type AuthErrorCode = keyof typeof authErrors;

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    auth: typeof authErrors;
  }
}
