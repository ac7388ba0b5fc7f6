import { serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of Settings > Other, and how each answers over HTTP. */
export const settingsErrors = {
  // Which onboarding gate is unmet is said by the service (messages.onboarding).
  ONBOARDING_INCOMPLETE: { status: 400, message: serverMessages.http.badRequest },
  // Which rule the hours break is said by the service (core's teamHoursProblem).
  CONTACT_HOURS_LOOSER: { status: 400, message: serverMessages.http.badRequest },
} satisfies Record<string, ErrorAnswer>;

/** What the settings service answers: its own code, the common 403, and the teams module's when the team is gone. */
export type SettingsErrorCode = keyof typeof settingsErrors | 'PERMISSION_REQUIRED' | 'TEAM_NOT_FOUND';

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    settings: typeof settingsErrors;
  }
}
