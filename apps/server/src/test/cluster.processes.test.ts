import { TZDate } from '@date-fns/tz';
import { createAgent, type Agent } from '@prospector/device-agent/agent';
import { createSimDriver, SimPhoneLog } from '@prospector/device-agent/drivers/sim';
import { Journal } from '@prospector/device-agent/journal';
import { eq, sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, queryRows, type Database } from '../db/client.js';
import { importJobs, lists, smsJobs, statuses, teams } from '../db/schema/index.js';
import { startBalancer, type Balancer } from './balancer.js';
import { insertContact } from './factories.js';
import { multipartFile } from './multipart.js';
import { createEmptyPostgres, freePort, startServerProcess, type ServerProcess } from './server-process.js';
import { startSmtp, type TestSmtp } from './smtp.js';

/**
 * Issue 22: two real server processes behind HAProxy (deploy/haproxy.cfg) on one PostgreSQL database
 * and the machine's Redis. Real device agents with simulated phones connect through the balancer, and
 * the team works through it: events cross processes, the engines of both share a campaign and an
 * import, and a process killed or drained mid-work leaves the other to finish with exact counts.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A lease short enough that a dead process's import is taken over within the test. */
const IMPORT_LEASE_MS = 4000;

let pgdb: Awaited<ReturnType<typeof createEmptyPostgres>>;
let database: Database;
let smtp: TestSmtp;
let dataDir: string;
let env: Record<string, string>;
let servers: ServerProcess[];
let lb: Balancer;
let token: string;
let teamId: string;
const agents: { agent: Agent; journal: Journal }[] = [];
/** What the simulated recipients received, over every agent: duplicates are caught across phones. */
const phoneLog = new SimPhoneLog();

/**
 * The recipients' zone: one where it is daytime now, so quiet hours never hold the texts back
 * whenever this runs (London, Tokyo and Los Angeles cover every hour of the day between them).
 */
const ZONES = [
  { zone: 'Europe/London', phone: (i: number) => `+44 20 7946 ${String(i).padStart(4, '0')}` },
  { zone: 'Asia/Tokyo', phone: (i: number) => `+81 3 ${5000 + i} 1234` },
  { zone: 'America/Los_Angeles', phone: (i: number) => `+1 213 62${String(i).padStart(5, '0')}` },
];
const hourIn = (zone: string) => new TZDate(Date.now(), zone).getHours();
const daytime = ZONES.find((z) => hourIn(z.zone) >= 9 && hourIn(z.zone) <= 18)!;

async function api<T = unknown>(base: string, method: string, url: string, body?: object): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

async function waitFor(what: string, check: () => Promise<boolean>, limitMs = 60_000) {
  const until = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`still waiting for ${what} after ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first process hosts the simulated phones; the other hands them to it (deploy/README.md). */
async function startProcess(port: number, host: boolean) {
  return startServerProcess({ ...env, SIMULATED_PHONES_HOST: String(host) }, port);
}

/** A phone number added through the balancer, and its agent connected through the balancer. */
async function addPhone(value: string) {
  const { device } = await api<{ device: { _id: string } }>(lb.url, 'POST', '/api/services/addNumber', {
    phoneType: 'Android',
    value,
  });
  const pairing = await api<{ deviceToken: string }>(lb.url, 'GET', `/api/services/pairing/${device._id}`);
  const journal = Journal.open(path.join(dataDir, 'agents', `${device._id}.jsonl`));
  const agent = createAgent({
    config: { serverUrl: lb.url, deviceToken: pairing.deviceToken, maxConcurrentSends: 4, sendIntervalMs: 0 },
    driver: createSimDriver({ latencyMs: 20, failureRate: 0, seed: 1, replies: [] }, { log: phoneLog }),
    journal,
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    timing: { reconnectionDelayMs: 200, reconnectionDelayMaxMs: 1000 },
  });
  agents.push({ agent, journal });
  await agent.start();
  await waitFor('the agent to connect', async () => agent.connected, 15_000);
  return device._id;
}

/** A status of its own for each campaign's recipients (imported records land in 'Not contacted'). */
async function newStatus(text: string) {
  return (await api<{ _id: string }>(lb.url, 'PUT', '/api/settings/addStatus', { text }))._id;
}

/** `n` contacts in one status, with phones in the daytime zone, numbered from `from`. */
async function contactsIn(statusId: string, from: number, n: number) {
  const [status] = await database.db.select().from(statuses).where(eq(statuses.id, statusId));
  for (let i = from; i < from + n; i++)
    await insertContact(database.db, teamId, {
      first: `Ann${i}`,
      status: status!.text,
      phones: [daytime.phone(i)],
    });
}

async function launch(statusId: string, groupId: string, devices: string[]) {
  const today = new TZDate(Date.now(), daytime.zone);
  const at = (h: number) =>
    new TZDate(today.getFullYear(), today.getMonth(), today.getDate(), h, 0, 0, daytime.zone).toISOString();
  return api<{ _id: string }>(lb.url, 'POST', '/api/campaigns/launch', {
    name: `Campaign ${statusId.slice(0, 4)}`,
    campaignType: 'Text',
    statuses: [statusId],
    weekDays: [1, 2, 3, 4, 5, 6, 7],
    startTime: at(6),
    endTime: at(22),
    startDate: new Date(Date.now() - 86_400_000).toISOString(),
    groupIds: [groupId],
    devices,
  });
}

const textsOf = async (campaignId: string) =>
  (
    await queryRows<{ n: number; recipients: number }>(
      database.db,
      sql`select count(*)::int as n, count(distinct recipient_id)::int as recipients from sms_jobs
          where campaign_id = ${campaignId}`,
    )
  )[0]!;

/** The recipients' phones got each of the campaign's texts once, and the database wrote each once. */
async function expectEachTextOnce(campaignId: string, recipients: number) {
  await waitFor(
    `${recipients} texts of the campaign`,
    async () => (await textsOf(campaignId)).n >= recipients,
    90_000,
  );
  const jobIds = (
    await database.db
      .select({ id: smsJobs.id })
      .from(smsJobs)
      .where(
        sql`${smsJobs.recipientId} in (select id from campaign_recipients where campaign_id = ${campaignId})`,
      )
  ).map((j) => j.id);
  await waitFor(
    'every text on a phone',
    async () => jobIds.every((id) => phoneLog.timesSent(id) > 0),
    60_000,
  );
  expect(await textsOf(campaignId)).toEqual({ n: recipients, recipients });
  expect(phoneLog.duplicates()).toEqual([]);
  expect(jobIds.map((id) => phoneLog.timesSent(id))).toEqual(jobIds.map(() => 1));
}

/** A CSV of `rows` people, each with their own phone; its upload and import started through the balancer. */
async function startImport(name: string, rows: number, offset: number) {
  const lines = ['Name,Phone'];
  for (let n = offset; n < offset + rows; n++) {
    // A phone of its own per row: exchange 4xx (never an N11 code), line 0000–9999.
    const exchange = 400 + 2 * Math.floor(n / 10_000);
    lines.push(`Person ${n},(213) ${exchange}-${String(n % 10_000).padStart(4, '0')}`);
  }
  const { payload, contentType } = multipartFile(`${name}.csv`, lines.join('\n'));
  const up = await fetch(`${lb.url}/api/lists/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: payload,
  });
  expect(up.status, await up.clone().text()).toBe(200);
  const { fileId } = (await up.json()) as { fileId: string };
  const started = await api<{ list: { _id: string } }>(lb.url, 'POST', '/api/lists/import', {
    name,
    countryCode: '+1',
    fileId,
    fields: [
      { name: 'Name', type: 'contact', matchesTo: 'Full name' },
      { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
    ],
  });
  return started.list._id;
}

async function listState(listId: string) {
  const [list] = await database.db.select().from(lists).where(eq(lists.id, listId));
  const [job] = await database.db.select().from(importJobs).where(eq(importJobs.listId, listId));
  const [items] = await queryRows<{ n: number; distinct: number }>(
    database.db,
    sql`select count(*)::int as n, count(distinct item_id)::int as distinct from list_items where list_id = ${listId}`,
  );
  return { rowsDone: list!.rowsDone, totalRows: list!.totalRows, state: job!.state, items: items! };
}

/** The server process whose import worker runs the list now (its log says it claimed it last). */
function importerOf(listId: string, attempt: number) {
  return servers.find((s) =>
    s
      .output()
      .split('\n')
      .some((l) => l.includes('import claimed') && l.includes(listId) && l.includes(`"attempt":${attempt}`)),
  );
}

beforeAll(async () => {
  pgdb = await createEmptyPostgres('cluster');
  database = openPostgres(pgdb.url, 2);
  smtp = await startSmtp();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'prospector-cluster-'));
  env = {
    DATABASE_URL: pgdb.url,
    REDIS_URL,
    SMTP_URL: smtp.url,
    DATA_DIR: dataDir,
    CAMPAIGN_ENGINE: 'true',
    CAMPAIGN_TICK_MS: '300',
    CAMPAIGN_GAP_MIN_MS: '0',
    CAMPAIGN_GAP_MAX_MS: '0',
    CAMPAIGN_FIRST_TOUCH_CAP: '1000',
    CAMPAIGN_BATCH_PER_DEVICE: '3',
    IMPORT_WORKER: 'true',
    IMPORT_LEASE_MS: String(IMPORT_LEASE_MS),
    PUBLIC_API_PER_MINUTE: '4',
    IMPORT_MAX_ROWS: '30000',
    // Queued texts reach a phone only through the kick of the process that queued them, whichever
    // process the phone is connected to: the periodic re-offer would otherwise hide a lost kick.
    DEVICE_SWEEP_MS: '600000',
  };
  const ports = [await freePort(), await freePort()];
  // Migrated once here: the processes would also wait for each other (the migration lock).
  await database.migrate();
  servers = await Promise.all(ports.map((p, i) => startProcess(p, i === 0)));
  lb = await startBalancer([ports[0]!, ports[1]!]);
  const email = 'owner@cluster.test';
  const sent = await fetch(`${lb.url}/api/users/sendCode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(sent.status).toBe(200);
  const login = await fetch(`${lb.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code: await smtp.codeFor(email) }),
  });
  const session = (await login.json()) as { token: string; user: { team: { _id: string } } };
  token = session.token;
  teamId = session.user.team._id;
  await database.db
    .update(teams)
    .set({ plan: 'PRO', timezone: daytime.zone, ppgl: 200 })
    .where(eq(teams.id, teamId));
}, 180_000);

afterAll(async () => {
  for (const a of agents) {
    await a.agent.stop();
    a.journal.close();
  }
  await lb?.stop();
  await Promise.all((servers ?? []).map((s) => s.stop()));
  await database?.close();
  await smtp?.close();
  await pgdb?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('two processes behind the balancer', { timeout: 150_000 }, () => {
  let devices: string[] = [];
  let groupId: string;

  it('an event emitted by one process reaches a browser socket on the other', async () => {
    const socket: Socket = io(servers[1]!.url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('init', () => resolve());
        socket.once('connect_error', reject);
      });
      const heard = new Promise<void>((resolve) => socket.once('devicesChanged', () => resolve()));
      await api(servers[0]!.url, 'POST', '/api/services/addNumber', {
        phoneType: 'Android',
        value: '+1 213 621 0147',
      });
      await heard;
    } finally {
      socket.disconnect();
    }
    await api(servers[0]!.url, 'POST', '/api/services/removeNumbers', { phones: ['+1 213 621 0147'] });
  });

  it('runs a simulated phone added through the process that does not host them on the one that does, once', async () => {
    const added = await api<{ device: { _id: string } }>(
      servers[1]!.url,
      'POST',
      '/api/services/addSimulatedPhone',
      {},
    );
    const connected = async () =>
      (
        await api<{ devices: { _id: string; connected: boolean }[] }>(lb.url, 'GET', '/api/services/devices')
      ).devices.find((d) => d._id === added.device._id)?.connected === true;
    await waitFor('the simulated phone to connect', connected, 20_000);
    await api(lb.url, 'POST', '/api/services/removeNumbers', {
      phones: [
        (
          await api<{ devices: { _id: string; value: string }[] }>(lb.url, 'GET', '/api/services/devices')
        ).devices.find((d) => d._id === added.device._id)!.value,
      ],
    });
  });

  it("holds the public API's limit per minute across both processes", async () => {
    const { apiKey } = await api<{ apiKey: string }>(lb.url, 'GET', '/api/users/integrations');
    const send = (s: ServerProcess) =>
      fetch(`${s.url}/api/public/sendSMS`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apiKey, to: '+12135550100', body: 'Hi' }),
      }).then((r) => r.status);
    // Four calls fit in the minute (unknown prospect: 400), two on each process; the fifth does not.
    const answers = [
      await send(servers[0]!),
      await send(servers[1]!),
      await send(servers[0]!),
      await send(servers[1]!),
    ];
    expect(answers).toEqual([400, 400, 400, 400]);
    expect(await send(servers[0]!)).toBe(429);
    expect(await send(servers[1]!)).toBe(429);
  });

  it('runs one campaign on both engines, through phones connected to either process, and sends each text once', async () => {
    devices = [await addPhone('+1 213 621 0101'), await addPhone('+1 213 621 0102')];
    const group = await api<{ _id: string }>(lb.url, 'PUT', '/api/templates/addGroup', { name: 'Openers' });
    groupId = group._id;
    await api(lb.url, 'PUT', '/api/templates/addTemplate', {
      text: 'Hi **First name**, is the house for sale?',
      groupId,
    });
    const status = await newStatus('Cluster one');
    await contactsIn(status, 0, 60);
    const campaign = await launch(status, groupId, devices);
    await expectEachTextOnce(campaign._id, 60);
  });

  it('kill -9 of one process mid-import and mid-campaign: the other finishes both, with exact counts and no text twice', async () => {
    const status = await newStatus('Cluster two');
    await contactsIn(status, 1000, 120);
    const listId = await startImport('Killed', 30_000, 100_000);
    const campaign = await launch(status, groupId, devices);
    await waitFor('the import to be under way', async () => {
      const s = await listState(listId);
      return s.rowsDone > 0 && !!importerOf(listId, 1);
    });
    await waitFor('some of the texts', async () => (await textsOf(campaign._id)).n >= 10);
    const victim = importerOf(listId, 1)!;
    expect((await listState(listId)).rowsDone).toBeLessThan(30_000);
    expect(await victim.kill('SIGKILL')).toBeNull();
    const survivor = servers.find((s) => s !== victim)!;

    await waitFor('the survivor to take the import over', async () => !!importerOf(listId, 2), 30_000);
    expect(importerOf(listId, 2)).toBe(survivor);
    await waitFor('the import to finish', async () => (await listState(listId)).state === 'done', 90_000);
    const done = await listState(listId);
    expect(done).toMatchObject({
      rowsDone: 30_000,
      totalRows: 30_000,
      items: { n: 30_000, distinct: 30_000 },
    });
    await expectEachTextOnce(campaign._id, 120);

    // The killed process comes back on its port, for the next test.
    servers[servers.indexOf(victim)] = await startProcess(victim.port, victim === servers[0]);
  });

  it('SIGTERM drains a process: it hands its import back at once and exits; the other finishes the import and the campaign exactly', async () => {
    const status = await newStatus('Cluster three');
    await contactsIn(status, 2000, 90);
    // The balancer sends to the restarted process again once it has passed two health checks.
    await new Promise((r) => setTimeout(r, 2500));
    const listId = await startImport('Drained', 30_000, 200_000);
    const campaign = await launch(status, groupId, devices);
    await waitFor(
      'the import to be under way',
      async () => (await listState(listId)).rowsDone > 0 && !!importerOf(listId, 1),
    );
    const draining = importerOf(listId, 1)!;
    const survivor = servers.find((s) => s !== draining)!;
    const asked = Date.now();
    expect(await draining.kill('SIGTERM')).toBe(0);
    const exitMs = Date.now() - asked;
    // Handed back, not left to its lease: the survivor claims it sooner than the lease would allow.
    await waitFor('the survivor to claim the import', async () => !!importerOf(listId, 2), IMPORT_LEASE_MS);
    expect(importerOf(listId, 2)).toBe(survivor);
    expect(exitMs).toBeLessThan(10_000);
    await waitFor('the import to finish', async () => (await listState(listId)).state === 'done', 90_000);
    expect(await listState(listId)).toMatchObject({
      rowsDone: 30_000,
      items: { n: 30_000, distinct: 30_000 },
    });
    await expectEachTextOnce(campaign._id, 90);
    await waitFor('every text reported', async () => {
      const [left] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from sms_jobs where team_id = ${teamId} and state not in ('delivered', 'sent')`,
      );
      return left!.n === 0;
    });
  });
});
