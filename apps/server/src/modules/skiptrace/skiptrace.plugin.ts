import { servicePlugin } from '../../plugins/services.js';
import { createSkiptraceProvider, type SkiptraceProvider } from '../../providers/skiptrace/index.js';
import { createSkiptraceEngine } from './skiptrace-engine.js';
import { heldValues } from './skiptrace.queries.js';
import { createSkiptraceService } from './skiptrace.service.js';

export type SkiptraceOptions = {
  /** Tests and the bench pass a provider (the BatchData adapter against the local fake). */
  skiptraceProvider?: SkiptraceProvider;
};

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
    const engine = createSkiptraceEngine({
      db,
      clock,
      ledger,
      provider,
      realtime: () => app.realtime,
      log: app.log,
      leaseMs: config.SKIPTRACE_LEASE_MS,
      pollMs: 2000,
      concurrency: config.SKIPTRACE_CONCURRENCY,
      claimSize: config.SKIPTRACE_BATCH,
      retryMs: 1000,
      retries: 3,
      statusIdOf,
      events: app.events,
    });
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
