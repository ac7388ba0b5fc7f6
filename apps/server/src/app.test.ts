import * as core from '@prospector/core';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { appModules, domainPlugins, errorCatalogues, type AppDeps, type Services } from './app.js';
import { testConfig } from './config.js';
import type { Database } from './db/client.js';
import { manualClock } from './lib/clock.js';
import { recordReaders } from './modules/records/index.js';
import { corePlugin } from './plugins/core.js';
import { realtimePlugin } from './plugins/realtime.js';
import { servicePlugin } from './plugins/services.js';
import { createMailer } from './providers/mail/index.js';
import { createMaps } from './providers/maps/index.js';
import { createPropertyInfo } from './providers/property-info/index.js';
import { buildTestApp } from './test/app.js';
import { createTestDatabase } from './test/db.js';

/** Every service of `Services`, so a new one fails to compile here until it is listed. */
const SERVICES: Record<keyof Services, true> = {
  auth: true,
  admin: true,
  adminPanel: true,
  secondFactor: true,
  teams: true,
  audit: true,
  mailer: true,
  maps: true,
  propertyInfo: true,
  notifications: true,
  records: true,
  assignees: true,
  remoteDevices: true,
  remoteDriver: true,
  identifiers: true,
  links: true,
  thread: true,
  tasks: true,
  statuses: true,
  board: true,
  inbox: true,
  bulk: true,
  bulkEngine: true,
  lists: true,
  listImports: true,
  imports: true,
  devices: true,
  sms: true,
  gateway: true,
  smsGateway: true,
  simulatedPhones: true,
  hookSender: true,
  hooks: true,
  webhooks: true,
  templates: true,
  campaigns: true,
  campaignEngine: true,
  settings: true,
  dataFields: true,
  plans: true,
  ledger: true,
  billing: true,
  affiliates: true,
  skiptrace: true,
  skiptraceEngine: true,
  calls: true,
  dialler: true,
  voice: true,
  payments: true,
  voiceAccounts: true,
  statusCallSettings: true,
  adminPhones: true,
  kpis: true,
  chats: true,
  supportAlerts: true,
  replies: true,
  replyBacklog: true,
  replyActions: true,
  apiKeys: true,
  v1: true,
  teamRecords: true,
  listRecords: true,
};

type Meta = { name: string; dependencies: string[] };
const metaOf = (plugin: FastifyPluginAsync<AppDeps>) =>
  (plugin as unknown as Record<symbol, Meta>)[Symbol.for('plugin-meta')]!;
const byName = new Map(domainPlugins.map((p) => [metaOf(p).name, p]));

/** The plugin and every plugin it depends on, directly or not, in the app's order. */
function withDependencies(plugin: FastifyPluginAsync<AppDeps>) {
  const needed = new Set<string>();
  const visit = (name: string) => {
    if (needed.has(name) || !byName.has(name)) return;
    needed.add(name);
    for (const d of metaOf(byName.get(name)!).dependencies) visit(d);
  };
  visit(metaOf(plugin).name);
  return domainPlugins.filter((p) => needed.has(metaOf(p).name));
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A bare app with the core and the sockets, as buildApp starts. */
async function bareApp(): Promise<FastifyInstance> {
  const app = Fastify();
  const config = testConfig();
  await app.register(corePlugin, {
    config,
    database,
    clock: manualClock(),
    mailer: createMailer({ from: config.MAIL_FROM, log: app.log }),
    maps: createMaps({ baseUrl: config.GOOGLE_MAPS_URL }),
    propertyInfo: createPropertyInfo(),
    errors: errorCatalogues,
  });
  await app.register(realtimePlugin, { readers: recordReaders(database.db) });
  app.addHook('preClose', async () => app.realtime.close());
  return app;
}

describe('the app', () => {
  it('provides every service and registers every call of the contract', async () => {
    const t = await buildTestApp();
    try {
      expect(Object.keys(t.app.services).sort()).toEqual(Object.keys(SERVICES).sort());
      for (const [name, service] of Object.entries(t.app.services)) expect(service, name).toBeTruthy();
      const routes = new Set(t.app.routeList.map((r) => `${r.method} ${r.url}`));
      const endpoints = Object.values(core as Record<string, unknown>).filter(
        (e): e is core.Endpoint =>
          !!e && typeof e === 'object' && 'method' in e && 'path' in e && 'response' in e,
      );
      expect(endpoints.length).toBeGreaterThan(90);
      expect(endpoints.map((e) => `${e.method} ${e.path}`).filter((e) => !routes.has(e))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('the list of modules', () => {
  it("lists every module folder's one descriptor, once", async () => {
    const folders = readdirSync(path.join(import.meta.dirname, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const described = await Promise.all(
      folders.map(async (folder) => {
        const file = path.join(import.meta.dirname, 'modules', folder, 'index.ts');
        const index = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
        const descriptors = Object.values(index).filter((value) =>
          (appModules as readonly unknown[]).includes(value),
        );
        return [folder, descriptors.length] as const;
      }),
    );
    expect(described.filter(([, n]) => n !== 1)).toEqual([]);
    expect(new Set(appModules).size).toBe(appModules.length);
    expect(appModules.length).toBe(folders.length);
  });

  it("derives the error catalogue from the modules' descriptors", () => {
    const owners = appModules.flatMap((m) => ('errors' in m ? Object.keys(m.errors) : []));
    expect(Object.keys(errorCatalogues).sort()).toEqual(['common', ...owners].sort());
  });
});

describe('the domain plugins', () => {
  it.each(domainPlugins.map((p) => [metaOf(p).name, p] as const))(
    "'%s' builds with only the plugins it names as dependencies",
    async (_name, plugin) => {
      const app = await bareApp();
      try {
        for (const p of withDependencies(plugin)) await app.register(p, { database });
        await app.ready();
      } finally {
        await app.close();
      }
    },
  );

  it.each(
    domainPlugins
      .map((p) => [metaOf(p).name, metaOf(p).dependencies.filter((d) => byName.has(d)), p] as const)
      .filter(([, deps]) => deps.length > 0),
  )("'%s' is refused before the plugins it depends on (%j)", async (name, deps, plugin) => {
    const app = await bareApp();
    try {
      await expect(app.register(plugin, { database })).rejects.toMatchObject({
        code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
        message: `The dependency '${deps[0]}' of plugin '${name}' is not registered`,
      });
    } finally {
      await app.close();
    }
  });

  it('refuses a plugin that reads a service it did not name as a dependency', async () => {
    const reader = servicePlugin('reader', [], (_app, { records }) => ({ links: records as never }));
    const app = await bareApp();
    try {
      await expect(app.register(reader)).rejects.toThrow(
        "The 'reader' plugin reads services.records, which no plugin registered before it provides",
      );
    } finally {
      await app.close();
    }
  });

  it('refuses a second plugin providing a service already provided', async () => {
    const again = servicePlugin('again', [], (_app, { maps }) => ({ maps }));
    const app = await bareApp();
    try {
      await expect(app.register(again)).rejects.toThrow("services.maps is provided twice (again by 'again')");
    } finally {
      await app.close();
    }
  });
});
