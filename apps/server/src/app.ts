import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { CampaignEngine } from './engines/campaigns/campaign-engine.js';
import type { HookSender } from './engines/hooks/hook-sender.js';
import type { ImportWorker } from './engines/import/import-worker.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { DomainEvents } from './lib/domain-events.js';
import { adminPlugin } from './modules/admin/admin.plugin.js';
import { adminPhonesPlugin } from './modules/admin-phones/admin-phones.plugin.js';
import { adminPhonesRoutes, type AdminPhonesService } from './modules/admin-phones/index.js';
import { kpisPlugin } from './modules/kpis/kpis.plugin.js';
import { kpisRoutes, type KpisService } from './modules/kpis/index.js';
import { affiliatesPlugin, type AffiliatesOptions } from './modules/affiliates/affiliates.plugin.js';
import { affiliatesRoutes, type AffiliatesService } from './modules/affiliates/index.js';
import {
  adminRoutes,
  type AdminService,
  type PanelService,
  type SecondFactorService,
} from './modules/admin/index.js';
import { auditPlugin } from './modules/audit/audit.plugin.js';
import { billingPlugin } from './modules/billing/billing.plugin.js';
import {
  billingRoutes,
  type BillingService,
  type LedgerService,
  type Payments,
  type PlansService,
} from './modules/billing/index.js';
import type { AuditService } from './modules/audit/index.js';
import { authPlugin } from './modules/auth/auth.plugin.js';
import type { AuthContext } from './lib/auth-context.js';
import { authRoutes, type AuthService } from './modules/auth/index.js';
import { callsPlugin, type CallsOptions } from './modules/calls/calls.plugin.js';
import {
  callsRoutes,
  type CallsService,
  type DiallerService,
  type VoiceAccounts,
} from './modules/calls/index.js';
import { campaignsPlugin, type CampaignsOptions } from './modules/campaigns/campaigns.plugin.js';
import { campaignsRoutes, type CampaignsService } from './modules/campaigns/index.js';
import { chatsPlugin } from './modules/chats/chats.plugin.js';
import { chatsRoutes, type ChatsService, type SupportAlerts } from './modules/chats/index.js';
import {
  repliesPlugin,
  repliesRoutes,
  type RepliesService,
  type ReplyBacklog,
  type ReplyActions,
} from './modules/replies/index.js';
import { dataFieldsPlugin } from './modules/data-fields/data-fields.plugin.js';
import { dataFieldsRoutes, type DataFieldsService } from './modules/data-fields/index.js';
import { devicesPlugin, type DevicesOptions } from './modules/devices/devices.plugin.js';
import type { SmsGatewayService } from './modules/devices/sms-gateway/sms-gateway.service.js';
import { smsGatewayRoutes } from './modules/devices/sms-gateway/sms-gateway.routes.js';
import {
  devicesRoutes,
  type DeviceGateway,
  type RemoteDevicesService,
  type RemoteDriver,
  remoteDevicesRoutes,
  type DevicesService,
  type SimulatedPhones,
  type SmsService,
} from './modules/devices/index.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { hooksPlugin } from './modules/hooks/hooks.plugin.js';
import { publicApiPlugin, publicApiRoutes } from './modules/public-api/index.js';
import type { ApiKeysService, V1Service } from './modules/public-api/index.js';
import { hooksRoutes, type HooksService, type WebhooksService } from './modules/hooks/index.js';
import {
  listsRoutes,
  type ListImportsService,
  type ListRecordsService,
  type ListsService,
} from './modules/lists/index.js';
import { listsPlugin } from './modules/lists/lists.plugin.js';
import { mapsRoutes } from './modules/maps/index.js';
import { notificationsRoutes, type NotificationsService } from './modules/notifications/index.js';
import { notificationsPlugin } from './modules/notifications/notifications.plugin.js';
import {
  photosRoutes,
  recordReaders,
  recordsRoutes,
  type BoardService,
  type IdentifiersService,
  type InboxService,
  bulkRoutes,
  type BulkService,
  type BulkEngine,
  type LinksService,
  type RecordsService,
  type StatusesService,
  type TasksService,
  type TeamRecordsService,
  type ThreadService,
} from './modules/records/index.js';
import { recordsPlugin } from './modules/records/records.plugin.js';

import { skiptraceRoutes, type SkiptraceEngine, type SkiptraceService } from './modules/skiptrace/index.js';
import { skiptracePlugin, type SkiptraceOptions } from './modules/skiptrace/skiptrace.plugin.js';
import { settingsPlugin } from './modules/teams/settings.plugin.js';
import {
  avatarsRoutes,
  settingsRoutes,
  teamsRoutes,
  type SettingsService,
  type TeamsService,
} from './modules/teams/index.js';
import { teamsPlugin } from './modules/teams/teams.plugin.js';
import { templatesRoutes, type TemplatesService } from './modules/templates/index.js';
import { templatesPlugin } from './modules/templates/templates.plugin.js';
import { corePlugin } from './plugins/core.js';
import { serializeError } from './plugins/error-handler.js';
import { overloadPlugin } from './plugins/overload.js';
import { realtimePlugin, type Realtime } from './plugins/realtime.js';
import { registerWeb } from './plugins/web.js';
import { createMailer, type Mailer } from './providers/mail/index.js';
import { createMaps, type Maps } from './providers/maps/index.js';
import type { VoiceProvider } from './providers/voice/index.js';
import { createPropertyInfo, type PropertyInfo } from './providers/property-info/index.js';

const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export type Services = {
  auth: AuthService;
  admin: AdminService;
  adminPanel: PanelService;
  secondFactor: SecondFactorService;
  teams: TeamsService;
  audit: AuditService;
  mailer: Mailer;
  maps: Maps;
  propertyInfo: PropertyInfo;
  notifications: NotificationsService;
  records: RecordsService;
  identifiers: IdentifiersService;
  links: LinksService;
  thread: ThreadService;
  tasks: TasksService;
  teamRecords: TeamRecordsService;
  statuses: StatusesService;
  board: BoardService;
  inbox: InboxService;
  bulk: BulkService;
  bulkEngine: BulkEngine;
  lists: ListsService;
  listImports: ListImportsService;
  listRecords: ListRecordsService;
  imports: ImportWorker;
  devices: DevicesService;
  sms: SmsService;
  gateway: DeviceGateway;
  smsGateway: SmsGatewayService;
  remoteDriver: RemoteDriver;
  remoteDevices: RemoteDevicesService;
  simulatedPhones: SimulatedPhones;
  hookSender: HookSender;
  hooks: HooksService;
  webhooks: WebhooksService;
  apiKeys: ApiKeysService;
  v1: V1Service;
  templates: TemplatesService;
  campaigns: CampaignsService;
  campaignEngine: CampaignEngine;
  settings: SettingsService;
  dataFields: DataFieldsService;
  plans: PlansService;
  ledger: LedgerService;
  billing: BillingService;
  affiliates: AffiliatesService;
  skiptrace: SkiptraceService;
  skiptraceEngine: SkiptraceEngine;
  calls: CallsService;
  dialler: DiallerService;
  voice: VoiceProvider;
  voiceAccounts: VoiceAccounts;
  adminPhones: AdminPhonesService;
  kpis: KpisService;
  payments: Payments;
  chats: ChatsService;
  supportAlerts: SupportAlerts;
  replies: RepliesService;
  replyBacklog: ReplyBacklog;
  replyActions: ReplyActions;
};

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
} & DevicesOptions &
  CampaignsOptions &
  AffiliatesOptions &
  SkiptraceOptions &
  CallsOptions;

/**
 * The domains' registration plugins, in the order of what needs what: each builds its services from
 * those of the plugins it names as dependencies, and takes its own options from the app's deps.
 */
export const domainPlugins: FastifyPluginAsync<AppDeps>[] = [
  billingPlugin,
  affiliatesPlugin,
  notificationsPlugin,
  recordsPlugin,
  teamsPlugin,
  auditPlugin,
  authPlugin,
  adminPlugin,
  listsPlugin,
  hooksPlugin,
  publicApiPlugin,
  templatesPlugin,
  settingsPlugin,
  dataFieldsPlugin,
  devicesPlugin,
  callsPlugin,
  adminPhonesPlugin,
  kpisPlugin,
  campaignsPlugin,
  skiptracePlugin,
  chatsPlugin,
  repliesPlugin,
];

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
  });
  await app.register(realtimePlugin, { readers: recordReaders(deps.database.db) });
  for (const plugin of domainPlugins) await app.register(plugin, deps);

  for (const routes of [
    healthRoutes,
    authRoutes,
    adminRoutes,
    recordsRoutes,
    bulkRoutes,
    notificationsRoutes,
    mapsRoutes,
    devicesRoutes,
    smsGatewayRoutes,
    remoteDevicesRoutes,
    hooksRoutes,
    campaignsRoutes,
    templatesRoutes,
    settingsRoutes,
    dataFieldsRoutes,
    teamsRoutes,
    billingRoutes,
    affiliatesRoutes,
    skiptraceRoutes,
    adminPhonesRoutes,
    kpisRoutes,
    repliesRoutes,
    publicApiRoutes,
  ])
    await app.register(routes);
  await app.register(withUploads(listsRoutes, avatarsRoutes, callsRoutes, photosRoutes, chatsRoutes));
  await registerWeb(app, config.WEB_DIST);

  registerLifecycle(app);
  return app;
}

/**
 * The long-running parts start once the app is ready and stop in the reverse order of what feeds
 * what: the engines that queue device work, then the gateway that hands it out, then the sockets
 * (which close before the HTTP server, as it would otherwise wait for them).
 */
function registerLifecycle(app: FastifyInstance) {
  const { config, services: s } = app;
  if (config.IMPORT_WORKER) app.addHook('onReady', async () => s.imports.start());
  if (config.SKIPTRACE_ENGINE) app.addHook('onReady', async () => s.skiptraceEngine.start());
  if (config.BULK_ENGINE) app.addHook('onReady', async () => s.bulkEngine.start());
  app.addHook('onReady', async () => {
    s.gateway.start();
    s.smsGateway.hub.start();
    s.remoteDriver.start();
    s.hookSender.start();
    if (config.CAMPAIGN_ENGINE) s.campaignEngine.start();
    s.supportAlerts.start();
    void s.replyBacklog.start();
  });
  // Simulated phones connect back over loopback, so they start once the server listens.
  app.addHook('onListen', async () => {
    await s.simulatedPhones.resume();
  });
  app.addHook('preClose', async () => {
    await s.payments.autofillSettled();
    await s.imports.stop();
    await s.skiptraceEngine.stop();
    await s.bulkEngine.stop();
    await s.simulatedPhones.stopAll();
    await s.hookSender.stop();
    await s.supportAlerts.stop();
    await s.replyBacklog.stop();
    await s.campaignEngine.stop();
    await s.remoteDriver.stop();
    await s.gateway.stop();
    await s.smsGateway.hub.stop();
    await s.smsGateway.settle();
    await app.realtime.close();
  });
}
