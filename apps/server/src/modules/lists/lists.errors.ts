import { DEFAULT_IMPORT_MAX_ROWS, messages, rowLimitMessage, serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of lists, uploads and imports, and how each answers over HTTP. */
export const listsErrors = {
  LIST_NOT_FOUND: { status: 404, message: messages.lists.listNotFound },
  LIST_IMPORTING: { status: 409, message: messages.lists.listImporting },
  LIST_NAME_REQUIRED: { status: 400, message: messages.lists.nameRequired },
  COUNTRY_CODE_INVALID: { status: 400, message: messages.lists.countryCode },
  // The message states the configured limit: the service passes rowLimitMessage(max).
  ROW_LIMIT: { status: 400, message: rowLimitMessage(DEFAULT_IMPORT_MAX_ROWS) },
  NOTHING_MAPPED: { status: 400, message: messages.lists.nothingMapped },
  MAPPING_INVALID: { status: 400, message: serverMessages.http.badRequest },
  UPLOAD_NOT_FOUND: { status: 404, message: serverMessages.lists.fileNotFound },
  UPLOAD_IMPORTED: { status: 409, message: serverMessages.imports.alreadyImported },
  // The service states the team's use and the configured quota (uploadQuotaMessage).
  UPLOAD_QUOTA: { status: 413, message: serverMessages.http.badRequest },
  // What is wrong with the file is said by the service (empty, binary, encoding, row N…).
  FILE_INVALID: { status: 400, message: serverMessages.http.badRequest },
  FILE_TOO_LARGE: { status: 413, message: messages.lists.fileTooLarge },
} satisfies Record<string, ErrorAnswer>;

export type ListsErrorCode = keyof typeof listsErrors;

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    lists: typeof listsErrors;
  }
}
