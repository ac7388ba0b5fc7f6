import { serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of Settings > Data Fields, and how each answers over HTTP. */
export const dataFieldsErrors = {
  // Which rule the sections break is said by the service (sectionsProblem's text).
  SECTIONS_INVALID: { status: 400, message: serverMessages.http.badRequest },
} satisfies Record<string, ErrorAnswer>;

/** What the data-fields service answers: its own code, and the common 403. */
export type DataFieldsErrorCode = keyof typeof dataFieldsErrors | 'PERMISSION_REQUIRED';

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    dataFields: typeof dataFieldsErrors;
  }
}
