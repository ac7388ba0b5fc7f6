import { messages, serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of the admin area, and how each answers over HTTP. */
export const adminErrors = {
  NOT_STAFF: { status: 403, message: messages.auth.impersonationForbidden },
  USER_NOT_FOUND: { status: 404, message: serverMessages.auth.impersonationNotFound },
  STAFF_TARGET: { status: 403, message: serverMessages.auth.impersonationOfStaff },
  USER_AMBIGUOUS: { status: 409, message: serverMessages.auth.impersonationAmbiguous },
  SECOND_FACTOR_WRONG: { status: 400, message: serverMessages.admin.secondFactorWrongCode },
  SECOND_FACTOR_NOT_SET_UP: { status: 409, message: serverMessages.admin.secondFactorNotSetUp },
  SECOND_FACTOR_ALREADY_SET_UP: { status: 409, message: serverMessages.admin.secondFactorAlreadySetUp },
  SECOND_FACTOR_TOO_MANY: { status: 429, message: serverMessages.http.tooManyRequests },
  EMAIL_HAS_ACCOUNT: { status: 409, message: serverMessages.admin.emailHasAccount },
} satisfies Record<string, ErrorAnswer>;

/** What the admin service answers: its own codes, and the others' it passes on. */
export type AdminErrorCode =
  keyof typeof adminErrors | 'TEAM_NOT_FOUND' | 'MAIL_FAILED' | 'SEND_LIMIT_SHORT' | 'SEND_LIMIT_DAY';

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    admin: typeof adminErrors;
  }
}
