import { serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of the KPIs call. */
export const kpisErrors = {
  KPIS_PERMISSION: { status: 403, message: serverMessages.kpis.permission },
  BAD_PERIOD: { status: 400, message: serverMessages.kpis.badPeriod },
} satisfies Record<string, ErrorAnswer>;

export type KpisErrorCode = keyof typeof kpisErrors;

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    kpis: typeof kpisErrors;
  }
}
