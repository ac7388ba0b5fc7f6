import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import type { Realtime } from '../../plugins/realtime.js';
import type { SkiptraceProvider } from '../../providers/skiptrace/index.js';
import type { LedgerService } from '../billing/index.js';

/** What the list-wide engine is built from (the plugin gives it; the engine's tests too). */
export type SkiptraceEngineDeps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  provider: SkiptraceProvider;
  realtime: () => Realtime;
  log: FastifyBaseLogger;
  leaseMs: number;
  pollMs: number;
  /** Claims in flight per run. */
  concurrency: number;
  /** Properties a claim takes: one hold, one store; sent as requests of the provider's size at once. */
  claimSize: number;
  /** Waits before a failed request is tried again (each attempt waits longer); then the run stops. */
  retryMs: number;
  retries: number;
  statusIdOf: (teamId: string) => Promise<string | null>;
  /** Subscriptions hear `contact.created` for each owner a batch made (ADR 045 addendum). */
  events?: DomainEvents;
};

/** The engine's loop state, shared by its poll loop, its runs' lanes and its start/kick/stop. */
export type EngineState = {
  /** Set by stop(): no new run or batch is taken, and a failed request is not tried again. */
  stopping: boolean;
  /** A run was started or cancelled while the loop was draining: drain once more. */
  again: boolean;
  /** Ends the poll loop's wait early; set only while it waits. */
  wake: (() => void) | null;
};

/** What the engine's use cases run with: its deps, this process's worker id and the loop state. */
export type EngineContext = {
  deps: SkiptraceEngineDeps;
  workerId: string;
  state: EngineState;
};
