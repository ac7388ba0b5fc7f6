import type { TraceResult } from '@prospector/core';

/** A property to look up: its address and, when known, its owner's name (helps the provider match). */
export type TraceRequest = {
  /** Ours; the answer for it carries it back. */
  id: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  owner: string;
};

/** Whose trace it is: the demo provider avoids values the team's records already hold. */
export type TraceContext = { teamId: string };

/** The skip-trace provider behind POST /properties/skiptrace and list-wide runs. */
export type SkiptraceProvider = {
  /** 'demo' answers fictional numbers (no BATCHDATA_API_KEY); the UI says so. */
  readonly kind: 'batchdata' | 'demo';
  /** Addresses one request may carry. */
  readonly maxBatch: number;
  /** One request: an answer per address, by the request's id (a miss is `matched: false`). */
  trace(requests: TraceRequest[], ctx?: TraceContext): Promise<Map<string, TraceResult>>;
};

/**
 * The provider could not answer: unreachable, a 5xx, a rate limit (retryable), or a refusal of our
 * key or request (not retryable: `permanent`). Nothing was charged by it.
 */
export class SkiptraceFailedError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}
