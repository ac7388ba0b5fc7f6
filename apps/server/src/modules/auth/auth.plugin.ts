import { withAllTeams } from '../../lib/team-scope.js';
import { servicePlugin } from '../../plugins/services.js';
import { createAuthService } from './auth.service.js';
import { createSessionCache } from './session-cache.js';
import { startSessionSync } from './session-sync.js';

/** Sign-in by e-mailed code, sessions and their tokens. */
export const authPlugin = servicePlugin(
  'auth',
  ['teams', 'audit', 'affiliates'],
  (app, { mailer, teams, audit, affiliates }) => {
    const sessionCache = createSessionCache({ ttlMs: app.config.SESSION_CACHE_TTL_MS });
    // The cache serves nothing until its change channel listens, and nothing once the app closes.
    let sync: Awaited<ReturnType<typeof startSessionSync>> | null = null;
    app.addHook('onReady', async () => {
      if (app.config.SESSION_CACHE_TTL_MS <= 0) return;
      sync = await startSessionSync({
        cache: sessionCache,
        changes: app.database.changes,
        redisUrl: app.config.REDIS_URL,
        log: app.log,
      });
    });
    app.addHook('onClose', async () => {
      sessionCache.setLive(false);
      await sync?.close();
    });
    const auth = createAuthService({
      db: app.database.db,
      clock: app.clock,
      mailer,
      log: app.log,
      secret: app.config.authSecret,
      ipLimits: { shortWindowMax: app.config.LOGIN_IP_MAX_5MIN, dayWindowMax: app.config.LOGIN_IP_MAX_DAY },
      teams,
      audit,
      affiliates,
      sessionCache,
    });
    // An impersonation whose hour ran out unseen is audited as ended within a minute (ADR 032).
    let sweep: NodeJS.Timeout | null = null;
    let sweeping: Promise<unknown> | null = null;
    app.addHook('onReady', async () => {
      sweep = setInterval(() => {
        sweeping ??= withAllTeams(() => auth.endExpiredImpersonations())
          .catch((err: { cause?: unknown }) =>
            app.log.error({ err: err.cause ?? err }, 'impersonation sweep failed'),
          )
          .finally(() => (sweeping = null));
      }, IMPERSONATION_SWEEP_MS);
      sweep.unref();
    });
    app.addHook('preClose', async () => {
      if (sweep) clearInterval(sweep);
      await sweeping;
    });
    return { auth };
  },
);

const IMPERSONATION_SWEEP_MS = 60_000;
