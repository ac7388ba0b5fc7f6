import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { AuthContext } from './lib/auth-context.js';
import { systemClock, type Clock } from './lib/clock.js';
import { adminRoutes, createAdminService, type AdminService } from './modules/admin/index.js';
import { createAuditService, type AuditService } from './modules/audit/index.js';
import { authRoutes, createAuthService, type AuthService } from './modules/auth/index.js';
import { healthRoutes } from './modules/health/health.routes.js';
import {
  createNotificationsService,
  notificationsRoutes,
  type NotificationsService,
} from './modules/notifications/index.js';
import {
  createBoardService,
  createInboxService,
  createRecordsService,
  createStatusesService,
  createTasksService,
  recordsRoutes,
  type BoardService,
  type InboxService,
  type RecordsService,
  type StatusesService,
  type TasksService,
} from './modules/records/index.js';
import { createTeamsService, type TeamsService } from './modules/teams/index.js';
import { teamsRoutes } from './modules/teams/index.js';
import { avatarsRoutes } from './modules/teams/index.js';
import { createSettingsService, settingsRoutes, type SettingsService } from './modules/settings/index.js';
import {
  createDataFieldsService,
  dataFieldsRoutes,
  type DataFieldsService,
} from './modules/data-fields/index.js';
import { createListsService, listsRoutes, toListDto, type ListsService } from './modules/lists/index.js';
import { createImportWorker, type ImportWorker } from './engines/import/import-worker.js';
import { createXlsxReader } from './engines/import/xlsx-reader.js';
import { registerErrorHandler, serializeError } from './plugins/error-handler.js';
import { createRealtime, type Realtime } from './plugins/realtime.js';
import { securityHeaders } from './plugins/security-headers.js';
import { registerWeb } from './plugins/web.js';
import { createMailer, type Mailer } from './providers/mail/index.js';
import { createMaps, type Maps } from './providers/maps/index.js';
import { mapsRoutes } from './modules/maps/index.js';
import { defaultAgentFiles } from './modules/devices/agent-files.js';
import { createHookSender, type HookSender } from './engines/hooks/hook-sender.js';
import { createHooksService, hooksRoutes, type HooksService } from './modules/hooks/index.js';
import { campaignsRoutes, createCampaignsService, type CampaignsService } from './modules/campaigns/index.js';
import { createCampaignEngine, type CampaignEngine } from './engines/campaigns/campaign-engine.js';
import { createPhoneZones, type PhoneZones } from './providers/phone-zones/index.js';
import { createTemplatesService, templatesRoutes, type TemplatesService } from './modules/templates/index.js';
import {
  createDeviceGateway,
  createDevicesService,
  createSmsService,
  devicesRoutes,
  type AgentFiles,
  type DeviceGateway,
  type DevicesService,
  type SmsService,
  createSimulatedPhones,
  type SimulatedPhones,
} from './modules/devices/index.js';

const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export type Services = {
  auth: AuthService;
  admin: AdminService;
  teams: TeamsService;
  audit: AuditService;
  mailer: Mailer;
  maps: Maps;
  notifications: NotificationsService;
  records: RecordsService;
  tasks: TasksService;
  statuses: StatusesService;
  board: BoardService;
  inbox: InboxService;
  lists: ListsService;
  imports: ImportWorker;
  devices: DevicesService;
  sms: SmsService;
  gateway: DeviceGateway;
  simulatedPhones: SimulatedPhones;
  hookSender: HookSender;
  hooks: HooksService;
  templates: TemplatesService;
  campaigns: CampaignsService;
  campaignEngine: CampaignEngine;
  settings: SettingsService;
  dataFields: DataFieldsService;
};

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    clock: Clock;
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
  /** The device agent's files for 'Download app' (tests pass small stand-ins). */
  agentFiles?: AgentFiles;
  /** Time zones of a phone number (recipient quiet hours); tests pass a fixed map. */
  phoneZones?: PhoneZones;
  /** Randomness of the campaign engine's send spacing (tests make it fixed). */
  random?: () => number;
  /** Where logs go; tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
};

/** Builds the whole app without listening, so tests can `inject` or listen on a port of their own. */
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
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);

  const clock = deps.clock ?? systemClock;
  const { db } = deps.database;
  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  const maps = deps.maps ?? createMaps({ key: config.GOOGLE_MAPS_KEY, baseUrl: config.GOOGLE_MAPS_URL });
  const realtime = () => app.realtime;
  const notifications = createNotificationsService({ db, clock, realtime });
  const records = createRecordsService({ db, clock, notifications, realtime });
  const tasks = createTasksService({ db, clock, records });
  const statuses = createStatusesService({ db });
  const board = createBoardService({ db, clock });
  const inbox = createInboxService({ db });
  const xlsx = createXlsxReader({ workers: config.IMPORT_XLSX_WORKERS });
  const imports = createImportWorker({
    db,
    clock,
    realtime,
    log: app.log,
    dataDir: config.DATA_DIR,
    leaseMs: config.IMPORT_LEASE_MS,
    pollMs: 2000,
    xlsx,
    uploadTtlHours: config.UPLOAD_TTL_HOURS,
    notContactedId: async (teamId) =>
      (await records.teamStatuses(teamId)).find((s) => s.builtIn && s.text === 'Not contacted')?.id ?? null,
    listDto: toListDto,
  });
  const lists = createListsService({
    db,
    clock,
    dataDir: config.DATA_DIR,
    maxRows: config.IMPORT_MAX_ROWS,
    uploads: { ttlHours: config.UPLOAD_TTL_HOURS, quotaBytes: config.UPLOAD_QUOTA_MB * 1024 * 1024 },
    xlsx,
    records,
    onQueued: () => imports.kick(),
  });
  const teams = createTeamsService({
    staffEmails: config.STAFF_EMAILS,
    clock,
    onTeamCreated: records.seedTeam,
  });
  const audit = createAuditService({ clock });
  const auth = createAuthService({
    db,
    clock,
    mailer,
    log: app.log,
    secret: config.authSecret,
    ipLimits: { shortWindowMax: config.LOGIN_IP_MAX_5MIN, dayWindowMax: config.LOGIN_IP_MAX_DAY },
    teams,
    audit,
  });
  const admin = createAdminService({ db, auth, teams, audit });

  const teamChanged = (teamId: string) => app.realtime.toTeam(teamId, 'devicesChanged', {});
  const devices = createDevicesService({
    db,
    clock,
    secret: config.authSecret,
    publicUrl: config.PUBLIC_URL,
    agent: deps.agentFiles ?? defaultAgentFiles(),
    onChanged: (teamId, removedIds = []) => {
      void simulatedPhones.forget(removedIds);
      for (const id of removedIds) gateway?.drop(id);
      teamChanged(teamId);
    },
  });
  const hookSender = createHookSender({
    db,
    clock,
    log: app.log,
    options: {
      allowPrivate: config.HOOKS_ALLOW_PRIVATE,
      retryBaseMs: config.HOOK_RETRY_BASE_MS,
      pollMs: 2000,
    },
  });
  const hooks = createHooksService({ db, clock, sender: hookSender, records });
  const templates = createTemplatesService({ db, clock, realtime });
  let gateway: DeviceGateway | null = null;
  const simulatedPhones = createSimulatedPhones({
    db,
    secret: config.authSecret,
    dataDir: config.DATA_DIR,
    selfUrl: () => {
      const address = app.server.address();
      return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : null;
    },
    log: app.log,
  });
  const sms = createSmsService({
    db,
    urgentDb: deps.database.urgent,
    dispatchDb: deps.database.dispatch,
    clock,
    records,
    notifications,
    realtime,
    kick: (deviceId) => gateway?.kick(deviceId),
    retryBaseMs: config.DEVICE_RETRY_BASE_MS,
    hooks: () => hooks,
    onReply: (teamId, itemId, optOut) => campaigns.stopForReply(teamId, itemId, optOut),
  });
  const campaignEngine = createCampaignEngine({
    db,
    clock,
    log: app.log,
    realtime,
    kickDevice: (agentId) => gateway?.kick(agentId),
    zonesOf: deps.phoneZones ?? createPhoneZones(),
    notifyAdmins: async (teamId, body) => {
      await notifications.notifyAdmins(teamId, body);
    },
    ...(deps.random ? { random: deps.random } : {}),
    options: {
      tickMs: config.CAMPAIGN_TICK_MS,
      gapMinMs: config.CAMPAIGN_GAP_MIN_MS,
      gapMaxMs: Math.max(config.CAMPAIGN_GAP_MIN_MS, config.CAMPAIGN_GAP_MAX_MS),
      firstTouchCap: config.CAMPAIGN_FIRST_TOUCH_CAP,
      perDeviceBatch: config.CAMPAIGN_BATCH_PER_DEVICE,
      maxPerTick: config.CAMPAIGN_MAX_PER_TICK,
    },
  });
  const campaigns = createCampaignsService({ db, clock, realtime, kick: () => campaignEngine.kick() });
  const settings = createSettingsService({ db, clock, realtime });
  const dataFields = createDataFieldsService({ db, clock, realtime });

  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('clock', clock);
  app.decorate('services', {
    auth,
    admin,
    teams,
    audit,
    mailer,
    maps,
    notifications,
    records,
    tasks,
    statuses,
    board,
    inbox,
    lists,
    imports,
    devices,
    sms,
    gateway: null as unknown as DeviceGateway,
    simulatedPhones,
    hookSender,
    hooks,
    templates,
    campaigns,
    campaignEngine,
    settings,
    dataFields,
  });
  app.decorate('realtime', createRealtime(app, config.REDIS_URL, records.readers));
  gateway = createDeviceGateway({
    io: app.realtime.io,
    db,
    dispatchDb: deps.database.dispatch,
    clock,
    secret: config.authSecret,
    sms: () => sms,
    log: app.log,
    onChanged: teamChanged,
    options: {
      maxInFlight: config.DEVICE_MAX_IN_FLIGHT,
      offerTimeoutMs: 10_000,
      strandedAfterMs: config.DEVICE_JOB_TIMEOUT_MS,
      sweepMs: 1000,
      inboundRate: { perSecond: config.DEVICE_INBOUND_PER_SECOND, burst: config.DEVICE_INBOUND_BURST },
    },
  });
  app.services.gateway = gateway;

  const routeList: FastifyInstance['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      routeList.push({ method, url: r.url, body: r.schema?.body, params: r.schema?.params });
  });
  registerErrorHandler(app);
  await app.register(helmet, securityHeaders(config.PUBLIC_URL));
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(adminRoutes);
  await app.register(recordsRoutes);
  await app.register(notificationsRoutes);
  await app.register(mapsRoutes);
  await app.register(devicesRoutes);
  await app.register(hooksRoutes);
  await app.register(campaignsRoutes);
  await app.register(templatesRoutes);
  await app.register(settingsRoutes);
  await app.register(dataFieldsRoutes);
  await app.register(teamsRoutes);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  await app.register(listsRoutes);
  await app.register(avatarsRoutes);
  await registerWeb(app, config.WEB_DIST);

  // Sockets close before the HTTP server, which would otherwise wait for them.
  if (config.IMPORT_WORKER) app.addHook('onReady', async () => imports.start());
  app.addHook('onReady', async () => {
    gateway?.start();
    hookSender.start();
    if (config.CAMPAIGN_ENGINE) campaignEngine.start();
  });
  // Simulated phones connect back over loopback, so they start once the server listens.
  app.addHook('onListen', async () => {
    await simulatedPhones.resume();
  });
  app.addHook('preClose', async () => {
    await imports.stop();
    await simulatedPhones.stopAll();
    await hookSender.stop();
    await campaignEngine.stop();
    await gateway?.stop();
    await app.realtime.close();
  });
  app.addHook('onClose', async () => {
    await mailer.close();
  });
  return app;
}
