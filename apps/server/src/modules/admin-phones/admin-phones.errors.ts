import { serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

const m = serverMessages.adminPhones;

/** Expected failures of the suspension page, and how each answers over HTTP. */
export const adminPhonesErrors = {
  ACCOUNT_NOT_FOUND: { status: 404, message: m.accountNotFound },
  /** The provider refused to release a number: the message names the team owner (spec part 2 §8). */
  CANNOT_REMOVE: { status: 409, message: m.cannotRemove },
  CANNOT_BUY: { status: 409, message: m.cannotBuy },
  NO_PHONES_CHOSEN: { status: 400, message: m.noPhones },
  PHONE_NOT_FOUND: { status: 404, message: m.phoneNotFound },
  PROVIDER_UNREACHABLE: { status: 503, message: m.providerUnreachable },
} satisfies Record<string, ErrorAnswer>;

export type AdminPhonesErrorCode = keyof typeof adminPhonesErrors;

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    adminPhones: typeof adminPhonesErrors;
  }
}
