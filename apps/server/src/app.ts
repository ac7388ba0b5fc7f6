import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { AuthContext } from './lib/auth-context.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { DomainEvents } from './lib/domain-events.js';
import { commonErrors, type ErrorCatalogues } from './lib/errors.js';
import { adminModule } from './modules/admin/index.js';
import { adminPhonesModule } from './modules/admin-phones/index.js';
import { affiliatesModule } from './modules/affiliates/index.js';
import { auditModule } from './modules/audit/index.js';
import { authModule } from './modules/auth/index.js';
import { billingModule } from './modules/billing/index.js';
import { callsModule } from './modules/calls/index.js';
import { campaignsModule } from './modules/campaigns/index.js';
import { chatsModule } from './modules/chats/index.js';
import { dataFieldsModule } from './modules/data-fields/index.js';
import { devicesModule } from './modules/devices/index.js';
import { healthModule } from './modules/health/index.js';
import { hooksModule } from './modules/hooks/index.js';
import { kpisModule } from './modules/kpis/index.js';
import { listsModule } from './modules/lists/index.js';
import { mapsModule } from './modules/maps/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { publicApiModule } from './modules/public-api/index.js';
import { recordReaders, recordsModule } from './modules/records/index.js';
import { repliesModule } from './modules/replies/index.js';
import { skiptraceModule } from './modules/skiptrace/index.js';
import { teamsModule } from './modules/teams/index.js';
import { templatesModule } from './modules/templates/index.js';
import type { CataloguesOf, OptionsOf, ProvidedBy } from './plugins/app-module.js';
import { corePlugin } from './plugins/core.js';
import { serializeError } from './plugins/error-handler.js';
import { overloadPlugin } from './plugins/overload.js';
import { realtimePlugin, type Realtime } from './plugins/realtime.js';
import type { Services } from './plugins/services.js';
import { registerWeb } from './plugins/web.js';
import { createMailer, type Mailer } from './providers/mail/index.js';
import { createMaps, type Maps } from './providers/maps/index.js';
import { createPropertyInfo, type PropertyInfo } from './providers/property-info/index.js';

const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/**
 * The app's modules, each described once by its `index.ts` (ADR 053), in the order of what needs what:
 * a module's plugins are registered after those of the modules before it (Fastify refuses a plugin
 * before one it names as a dependency), its long-running parts start in this order and stop in the
 * reverse one. Everything else is derived from this list: the plugins, the routes, the error
 * catalogue, the options the app takes. A new module is one line here.
 */
export const appModules = [
  billingModule,
  affiliatesModule,
  notificationsModule,
  recordsModule,
  dataFieldsModule,
  teamsModule,
  auditModule,
  authModule,
  adminModule,
  listsModule,
  hooksModule,
  publicApiModule,
  templatesModule,
  devicesModule,
  callsModule,
  adminPhonesModule,
  kpisModule,
  campaignsModule,
  skiptraceModule,
  chatsModule,
  repliesModule,
  mapsModule,
  healthModule,
] as const;

type AppModules = typeof appModules;

/** Every owner's error catalogue: lib's common codes and each module's. */
export const errorCatalogues: ErrorCatalogues = Object.assign(
  { common: commonErrors },
  ...appModules.map((m) => ('errors' in m ? m.errors : {})),
) as { common: typeof commonErrors } & CataloguesOf<AppModules>;

/** The domains' registration plugins, in the modules' order. */
export const domainPlugins = appModules.flatMap((m): readonly FastifyPluginAsync<never>[] =>
  'plugins' in m ? m.plugins : [],
) as FastifyPluginAsync<AppDeps>[];

// Every service some module declares (`Services`) is provided by a plugin the app registers, or by the
// core: a module left out of `appModules` fails to compile here, naming its services.
type Unprovided = Exclude<keyof Services, ProvidedBy<AppModules> | 'mailer' | 'maps' | 'propertyInfo'>;
const everyServiceProvided: [Unprovided] extends [never] ? true : { unprovided: Unprovided } = true;
void everyServiceProvided;

export type { Services };

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    clock: Clock;
    events: DomainEvents;
    services: Services;
    realtime: Realtime;
    /** Every route the app registers, with its schemas (the tenant-isolation test walks them all). */
    routeList: { method: string; url: string; body: unknown; params: unknown }[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export type AppDeps = {
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  maps?: Maps;
  /** The property-information provider; tests pass a local fake. */
  propertyInfo?: PropertyInfo;
  /** Where logs go; tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
} & OptionsOf<AppModules>;

/** Routes that take a file: multipart forms are parsed for them only (elsewhere a form is a 415). */
function withUploads(...routes: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
    for (const r of routes) await scope.register(r);
  };
}

/**
 * Builds the whole app without listening, so tests can `inject` or listen on a port of their own:
 * the core, the sockets and the domain plugins (Fastify refuses one registered before a plugin it
 * names as a dependency), then every route once every service exists, then the lifecycle of the
 * long-running parts.
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // Request lines would drown the login codes a newcomer looks for in development.
    logController: new LogController({ disableRequestLogging: config.NODE_ENV === 'development' }),
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { err: serializeError },
      ...(deps.logStream
        ? { stream: deps.logStream }
        : config.NODE_ENV === 'development'
          ? {
              transport: {
                target: 'pino-pretty',
                options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' },
              },
            }
          : {}),
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Fastify's 10 s default for a plugin to start was met in CI on a 2-core machine at load 6
    // (the embedded database's first queries run while plugins start); a hung plugin still fails.
    pluginTimeout: 60_000,
  });

  // First, so a refused request costs no other hook.
  await app.register(overloadPlugin, {
    maxInFlight: config.OVERLOAD_MAX_IN_FLIGHT,
    maxLoopDelayMs: config.OVERLOAD_MAX_LOOP_DELAY_MS,
  });
  await app.register(corePlugin, {
    config,
    database: deps.database,
    clock: deps.clock ?? systemClock,
    mailer: deps.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log }),
    maps:
      deps.maps ??
      createMaps({
        key: config.GOOGLE_MAPS_KEY,
        baseUrl: config.GOOGLE_MAPS_URL,
        geocoderUrl: config.MAP_GEOCODER_URL,
        userAgent: `Prospector (${config.PUBLIC_URL})`,
      }),
    propertyInfo: deps.propertyInfo ?? createPropertyInfo(),
    errors: errorCatalogues,
  });
  await app.register(realtimePlugin, { readers: recordReaders(deps.database.db) });
  for (const plugin of domainPlugins) await app.register(plugin, deps);

  for (const m of appModules) for (const routes of 'routes' in m ? m.routes : []) await app.register(routes);
  await app.register(withUploads(...appModules.flatMap((m) => ('uploads' in m ? m.uploads : []))));
  await registerWeb(app, config.WEB_DIST);

  registerLifecycle(app);
  return app;
}

/**
 * The modules' long-running parts start once the app is ready, in the modules' order, and stop in the
 * reverse order, so what feeds a part stops before it (the engines that queue device work, then the
 * devices' gateway that hands it out); the sockets close last, before the HTTP server (which would
 * otherwise wait for them).
 */
function registerLifecycle(app: FastifyInstance) {
  app.addHook('onReady', async () => {
    for (const m of appModules) if ('start' in m) await m.start(app);
  });
  app.addHook('onListen', async () => {
    for (const m of appModules) if ('listen' in m) await m.listen(app);
  });
  app.addHook('preClose', async () => {
    for (const m of [...appModules].reverse()) if ('stop' in m) await m.stop(app);
    await app.realtime.close();
  });
}
