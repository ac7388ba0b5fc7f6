import { messages, serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of integration hooks and the public API, and how each answers over HTTP. */
export const hooksErrors = {
  HOOK_URL_INVALID: { status: 400, message: messages.hooks.invalidUrl },
  HOOK_URL_PRIVATE: { status: 400, message: messages.hooks.privateUrl },
  NO_PUSH_HOOK: { status: 400, message: serverMessages.hooks.noPushHook },
  HOOKS_ADMIN_ONLY: { status: 403, message: messages.hooks.adminOnly },
  API_KEY_INVALID: { status: 401, message: serverMessages.hooks.invalidApiKey },
  UNKNOWN_PROSPECT: { status: 400, message: serverMessages.hooks.unknownProspect },
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404, message: serverMessages.webhooks.endpointNotFound },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: serverMessages.webhooks.deliveryNotFound },
} satisfies Record<string, ErrorAnswer>;

export type HooksErrorCode = keyof typeof hooksErrors;

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    hooks: typeof hooksErrors;
  }
}
