import { can, skiptracePrice, unitsToDollars } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import type { Realtime } from '../../plugins/realtime.js';
import type { SkiptraceProvider } from '../../providers/skiptrace/index.js';
import type { BillingErrorCode, LedgerService, PlansService } from '../billing/index.js';
import type { SkiptraceEngine } from './skiptrace-engine.js';
import type { SkiptraceErrorCode } from './skiptrace.errors.js';

/** What the skip trace's use cases are built from (the plugin gives it). */
export type SkiptraceServiceDeps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  plans: Pick<PlansService, 'planOf'>;
  provider: SkiptraceProvider;
  engine: Pick<SkiptraceEngine, 'kick'>;
  realtime: () => Realtime;
  statusIdOf: (teamId: string) => Promise<string | null>;
  /** Subscriptions hear `contact.created` for each owner a trace made (ADR 045 addendum). */
  events?: DomainEvents;
};

/** The codes the skip trace's use cases answer. */
export type SkiptraceCode =
  | SkiptraceErrorCode
  | Extract<BillingErrorCode, 'INSUFFICIENT_CREDITS'>
  | 'PERMISSION_REQUIRED'
  | 'LIST_NOT_FOUND';

/** Tracing spends the team's credits, so it needs the import permission, as a list's other actions do. */
export const mayTrace = (auth: AuthContext) => can(auth.user, 'import');

/** The team's price of a trace of each kind, in dollars (as its plan sets them). */
export async function teamPrices(deps: Pick<SkiptraceServiceDeps, 'plans'>, teamId: string) {
  const plan = await deps.plans.planOf(teamId);
  return {
    single: unitsToDollars(skiptracePrice(plan, 'single')),
    multi: unitsToDollars(skiptracePrice(plan, 'multi')),
  };
}
