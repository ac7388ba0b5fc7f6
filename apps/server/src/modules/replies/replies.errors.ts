import { messages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of the reply labels, and how each answers over HTTP. */
export const repliesErrors = {
  REPLY_NOT_FOUND: { status: 404, message: messages.replies.notFound },
  REPLY_ADMIN_ONLY: { status: 403, message: messages.replies.adminOnly },
  REPLY_ACTION_NOT_FOUND: { status: 404, message: messages.replies.actionNotFound },
  REPLY_ACTION_UNDONE: { status: 409, message: messages.replies.actionUndone },
  REPLY_ACTIONS_ADMIN_ONLY: { status: 403, message: messages.replies.actionsAdminOnly },
  REPLY_UNKNOWN_STATUS: { status: 400, message: messages.replies.unknownStatus },
} satisfies Record<string, ErrorAnswer>;

export type RepliesErrorCode = keyof typeof repliesErrors;

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    replies: typeof repliesErrors;
  }
}
