import { messages, serverMessages } from '@prospector/core';
import type { Result } from './result.js';

/** How an error code answers over HTTP: its status and the catalogue's message. */
export type ErrorAnswer = { status: number; message: string };

/** Codes that belong to no one module: the HTTP layer's own, the route guard's, and the 403 of a missing permission. */
export const commonErrors = {
  NOT_FOUND: { status: 404, message: serverMessages.http.notFound },
  VALIDATION: { status: 400, message: serverMessages.http.badRequest },
  /** A multipart body the parser cannot read: no boundary, cut short, never closed. */
  FORM_MALFORMED: { status: 400, message: serverMessages.http.malformedForm },
  RATE_LIMITED: { status: 429, message: serverMessages.http.tooManyRequests },
  /** Overloaded (plugins/overload.ts) or the database unreachable for a moment: try again shortly. */
  UNAVAILABLE: { status: 503, message: serverMessages.http.busy },
  INTERNAL: { status: 500, message: messages.shell.genericError },
  UNAUTHENTICATED: { status: 401, message: messages.auth.unauthenticated },
  PERMISSION_REQUIRED: { status: 403, message: messages.auth.forbidden },
  STAFF_REQUIRED: { status: 403, message: messages.auth.impersonationForbidden },
  /** Our staff suspended the team (ADR 033): nothing it asks to send, call or buy goes out. */
  TEAM_SUSPENDED: { status: 403, message: serverMessages.admin.suspendedNothingSent },
  /** A staff call from a session without a fresh second factor (ADR 025); the web shows the TOTP step. */
  SECOND_FACTOR_REQUIRED: { status: 401, message: messages.admin.secondFactorRequired },
} satisfies Record<string, ErrorAnswer>;

/**
 * Every error catalogue of the server, by owner. lib names no module: each module's `*.errors.ts`
 * adds its catalogue here by declaration merging (as Fastify's own types are extended), so a code no
 * catalogue declares fails to compile, and the error handler's map must cover them all.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
export interface ErrorCatalogues {
  common: typeof commonErrors;
}

export type ErrorCode = {
  [Owner in keyof ErrorCatalogues]: Extract<keyof ErrorCatalogues[Owner], string>;
}[keyof ErrorCatalogues];

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly headers: Record<string, string> = {},
    /** A message more precise than the catalogue's (a row number, the configured limit). */
    readonly detail?: string,
  ) {
    super(code);
  }
}

export function unwrap<T, C extends ErrorCode>(result: Result<T, C>): T {
  if (!result.ok) throw new DomainError(result.code, {}, result.message);
  return result.value;
}
