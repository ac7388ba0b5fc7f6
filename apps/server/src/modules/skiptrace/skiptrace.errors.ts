import { messages, serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of skip tracing, and how each answers over HTTP. */
export const skiptraceErrors = {
  PROPERTY_NOT_FOUND: { status: 404, message: serverMessages.skiptrace.propertyNotFound },
  PROPERTY_HAS_PHONES: { status: 409, message: serverMessages.skiptrace.onlyWithoutPhones },
  NOTHING_TO_TRACE: { status: 409, message: serverMessages.skiptrace.nothingToTrace },
  SKIPTRACE_RUNNING: { status: 409, message: serverMessages.skiptrace.alreadyRunning },
  SKIPTRACE_LIST_IMPORTING: { status: 409, message: messages.skiptrace.listImporting },
  SKIPTRACE_NOT_RUNNING: { status: 404, message: serverMessages.skiptrace.runNotFound },
  PROVIDER_FAILED: { status: 503, message: serverMessages.skiptrace.providerFailed },
} satisfies Record<string, ErrorAnswer>;

export type SkiptraceErrorCode = keyof typeof skiptraceErrors;

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    skiptrace: typeof skiptraceErrors;
  }
}
