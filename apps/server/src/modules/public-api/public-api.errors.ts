import { serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of API keys and the public API v1 (ADR 043), and how each answers over HTTP. */
export const publicApiErrors = {
  API_KEYS_ADMIN_ONLY: { status: 403, message: serverMessages.publicApi.adminOnly },
  API_KEY_NOT_FOUND: { status: 404, message: serverMessages.publicApi.keyNotFound },
  API_KEY_REFUSED: { status: 401, message: serverMessages.publicApi.keyInvalid },
  API_SCOPE_MISSING: { status: 403, message: serverMessages.publicApi.scopeMissing },
  IDEMPOTENCY_KEY_INVALID: { status: 400, message: serverMessages.publicApi.idempotencyKeyInvalid },
  IDEMPOTENCY_CONFLICT: { status: 409, message: serverMessages.publicApi.idempotencyConflict },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, message: serverMessages.publicApi.idempotencyInProgress },
  CURSOR_INVALID: { status: 400, message: serverMessages.publicApi.cursorInvalid },
  API_LIST_NOT_FOUND: { status: 404, message: serverMessages.publicApi.listNotFound },
  API_CONTACT_NOT_FOUND: { status: 404, message: serverMessages.publicApi.contactNotFound },
  API_NO_IDENTIFIER: { status: 400, message: serverMessages.publicApi.noIdentifier },
  API_PROPERTY_NOT_FOUND: { status: 404, message: serverMessages.publicApi.propertyNotFound },
  API_COMPANY_NOT_FOUND: { status: 404, message: serverMessages.publicApi.companyNotFound },
  API_RECORD_NOT_FOUND: { status: 404, message: serverMessages.publicApi.recordNotFound },
  API_TASK_NOT_FOUND: { status: 404, message: serverMessages.publicApi.taskNotFound },
  API_IMPORT_NOT_FOUND: { status: 404, message: serverMessages.publicApi.importNotFound },
  API_NO_ADDRESS: { status: 400, message: serverMessages.publicApi.noAddress },
  API_NO_COMPANY_NAME: { status: 400, message: serverMessages.publicApi.noCompanyName },
  API_NO_FILE: { status: 400, message: serverMessages.publicApi.noFile },
  API_MAPPING_INVALID: { status: 400, message: serverMessages.publicApi.mappingInvalid },
} satisfies Record<string, ErrorAnswer>;

export type PublicApiErrorCode = keyof typeof publicApiErrors;

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    publicApi: typeof publicApiErrors;
  }
}
