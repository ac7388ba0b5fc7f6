import { messages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of staff impersonation, and how each answers over HTTP. */
export const adminErrors = {
  NOT_STAFF: { status: 403, message: messages.auth.impersonationForbidden },
  USER_NOT_FOUND: { status: 404, message: messages.auth.impersonationNotFound },
  USER_AMBIGUOUS: { status: 409, message: messages.auth.impersonationAmbiguous },
} satisfies Record<string, ErrorAnswer>;

/** What the admin service answers: its own codes, and the teams module's when the team is gone. */
export type AdminErrorCode = keyof typeof adminErrors | 'TEAM_NOT_FOUND';

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    admin: typeof adminErrors;
  }
}
