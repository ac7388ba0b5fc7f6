import type { FastifyInstance } from 'fastify';
import { servicePlugin } from '../../plugins/services.js';
import { createSkiptraceProvider, type SkiptraceProvider } from '../../providers/skiptrace/index.js';
import { createSkiptraceEngine, type SkiptraceEngineDeps } from './skiptrace-engine.js';
import { heldValues } from './skiptrace.queries.js';
import { createSkiptraceService } from './skiptrace.service.js';

export type SkiptraceOptions = {
  /** Tests and the bench pass a provider (the BatchData adapter against the local fake). */
  skiptraceProvider?: SkiptraceProvider;
};

/** The list-wide engine with the app's settings: its lease, lanes and batch size come from config. */
function engineOf(
  app: FastifyInstance,
  deps: Pick<SkiptraceEngineDeps, 'db' | 'ledger' | 'provider' | 'statusIdOf'>,
) {
  const { config } = app;
  return createSkiptraceEngine({
    ...deps,
    clock: app.clock,
    realtime: () => app.realtime,
    log: app.log,
    leaseMs: config.SKIPTRACE_LEASE_MS,
    pollMs: 2000,
    concurrency: config.SKIPTRACE_CONCURRENCY,
    claimSize: config.SKIPTRACE_BATCH,
    retryMs: 1000,
    retries: 3,
    events: app.events,
  });
}

/** Skip tracing: the provider, the list-wide engine and the calls. */
export const skiptracePlugin = servicePlugin<'skiptrace' | 'skiptraceEngine', SkiptraceOptions>(
  'skiptrace',
  ['realtime', 'billing', 'records'],
  (app, services, options) => {
    const { ledger, plans, records } = services;
    const { config, clock } = app;
    const { db } = app.database;
    const provider =
      options.skiptraceProvider ??
      createSkiptraceProvider({
        key: config.BATCHDATA_API_KEY,
        baseUrl: config.BATCHDATA_URL,
        taken: (teamId, values) => heldValues(db, teamId, values),
      });
    const statusIdOf = (teamId: string) => records.notContactedStatusId(db, teamId);
    const engine = engineOf(app, { db, ledger, provider, statusIdOf });
    return {
      skiptraceEngine: engine,
      skiptrace: createSkiptraceService({
        db,
        clock,
        ledger,
        plans,
        provider,
        engine,
        realtime: () => app.realtime,
        statusIdOf,
        events: app.events,
      }),
    };
  },
);
