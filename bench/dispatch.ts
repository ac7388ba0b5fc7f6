/**
 * Child process of bench/run.ts: dispatch throughput and reply latency with real device agents.
 * The real app on a fresh database listens on loopback with BENCH_DISPATCH_DEVICES Android devices
 * (added through POST /api/services/addNumber) and a team of contacts, one phone each. The agents and
 * a browser socket run in bench/dispatch-agents.ts, a process of their own. Two phases:
 *
 * 1. bulk: BENCH_DISPATCH_JOBS jobs (each with its outgoing message, round robin over the devices)
 *    inserted in one statement, then every device kicked. Measures the dispatch pipeline alone (offer,
 *    accept, send, report sent + delivered, message status, realtime), not the API: from the commit
 *    to the last 'delivered' seen by the browser, within BENCH_DISPATCH_WINDOW_S.
 * 2. sendSms: up to BENCH_DISPATCH_API_JOBS texts through `app.services.sms.sendSms` (the use case
 *    behind POST /api/messages/sendSms, without HTTP), BENCH_DISPATCH_API_CONCURRENCY at a time for at
 *    most BENCH_DISPATCH_API_WINDOW_S, no sender named, so the device is chosen as for a first text.
 *    Measures calls/s and, end to end, from the first call to the last 'delivered' the browser saw.
 *
 * About one job in BENCH_DISPATCH_REPLY_EVERY carries a mark the simulated phone answers at once; each
 * reply's time from the phone to `messageAdded` on the browser socket is recorded. Per phase it also
 * reports CPU per job (server process, database backends, agents process), database statements per
 * job, the server's event-loop utilisation and delay, and the pool's queue. Prints one JSON line.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { atHourInZone } from '@prospector/core';
import { seededRandom } from '@prospector/device-agent/drivers/sim';
import { eq, sql } from 'drizzle-orm';
import { countPgliteStatements, countPostgresStatements, statementsSent } from './count-statements.js';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import {
  createPglite,
  openPostgres,
  PgliteThread,
  queryRows,
  wrapPglite,
} from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import { deviceToken } from '../apps/server/src/modules/devices/devices.tokens.js';
import type { Mail, Mailer } from '../apps/server/src/providers/mail/index.js';
import { generateTeamData } from '../apps/server/src/scripts/generate.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const JOBS = Number(process.env.BENCH_DISPATCH_JOBS ?? 20_000);
const DEVICES = Number(process.env.BENCH_DISPATCH_DEVICES ?? 50);
const API_JOBS = Number(process.env.BENCH_DISPATCH_API_JOBS ?? 2_000);
const API_CONCURRENCY = Number(process.env.BENCH_DISPATCH_API_CONCURRENCY ?? 20);
const REPLY_EVERY = Number(process.env.BENCH_DISPATCH_REPLY_EVERY ?? 50);
// Each phase has a time budget, so a slow database still finishes in minutes: what was delivered in
// the window is the measure, and the jobs still queued are then failed.
const BULK_WINDOW_MS = Number(process.env.BENCH_DISPATCH_WINDOW_S ?? 90) * 1000;
const API_WINDOW_MS = Number(process.env.BENCH_DISPATCH_API_WINDOW_S ?? 30) * 1000;
// Phase 3: a campaign to this many contacts, sent by the engine with no limits.
const CAMPAIGN_RECIPIENTS = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 10_000);
const CAMPAIGN_WINDOW_MS = Number(process.env.BENCH_CAMPAIGN_WINDOW_S ?? 90) * 1000;
const REPLY_MARK = '[bench-reply]';
const url = process.env.BENCH_DATABASE_URL;
// PGlite runs in a worker thread, as the server runs it (issue 35); BENCH_PGLITE_IN_THREAD=1 runs it
// in the server's own thread, as before, for a comparison.
const PGLITE_IN_THREAD = process.env.BENCH_PGLITE_IN_THREAD === '1';
// The device flood's own connections (DATABASE_DISPATCH_POOL_SIZE), beside the main pool of 10.
const DISPATCH_POOL = Number(process.env.BENCH_DISPATCH_POOL ?? 2);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prospector-bench-'));
const progress = (text: string) => process.stderr.write(`dispatch: ${text}\n`);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

if (url) countPostgresStatements();
const database = url
  ? openPostgres(url, 10, DISPATCH_POOL)
  : wrapPglite(countPgliteStatements(PGLITE_IN_THREAD ? await createPglite() : await PgliteThread.open()));
await database.migrate();
const outbox: Mail[] = [];
const mailer: Mailer = { kind: 'smtp', send: async (m) => void outbox.push(m), close: async () => {} };
// Errors only, counted: a bench that hid failed reports would flatter the server.
const serverErrors: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, cb) {
    serverErrors.push(String(chunk).slice(0, 300));
    cb();
  },
});
// 'No limits' for the campaign phase: no spacing, no first-touch cap (the daily limit is lifted below),
// and every number in a zone where it is midday now, so quiet hours never hold a text back.
const utcHour = new Date().getUTCHours();
const middayZone = (o = 12 - utcHour) => (o >= 0 ? `Etc/GMT-${o}` : `Etc/GMT+${-o}`);
const app = await buildApp(
  testConfig({
    LOG_LEVEL: 'error',
    WEB_DIST: '/nonexistent',
    DATA_DIR: dataDir,
    CAMPAIGN_GAP_MIN_MS: 0,
    CAMPAIGN_GAP_MAX_MS: 0,
    CAMPAIGN_TICK_MS: 100,
    CAMPAIGN_BATCH_PER_DEVICE: Number(process.env.BENCH_CAMPAIGN_BATCH ?? 50),
    CAMPAIGN_FIRST_TOUCH_CAP: 1_000_000_000,
    CAMPAIGN_MAX_PER_TICK: 5_000,
  }),
  // Unknown states: a number's area code would otherwise bring its state's hours in its state's zone
  // (+1916: California, where it may be night), whatever the zone above says.
  { database, mailer, logStream, phoneZones: async () => [middayZone()], phoneStates: async () => null },
);
await app.listen({ host: '127.0.0.1', port: 0 });
// When the server read each inbound text off a device's socket, keyed as the agents' process keys the
// replies its browser saw (last 10 digits of the number, the phone's `at` in ms): splits a reply's
// latency into phone → server and server → browser.
const serverReads = new Map<string, number>();
/** Phones' sockets the server saw close (a ping timeout when the event loop stalls): issue 35's figure. */
let deviceDisconnects = 0;
app.realtime.io.of('/device').on('connection', (socket) => {
  socket.on('disconnect', () => {
    deviceDisconnects += 1;
  });
  socket.onAny((event: string, payload: { messages?: { from: string; at: string }[] }) => {
    if (event !== 'inbound') return;
    const now = Date.now();
    for (const m of payload?.messages ?? [])
      serverReads.set(`${m.from.replace(/\D/g, '').slice(-10)}|${Date.parse(m.at)}`, now);
  });
});
const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const email = `bench-dispatch-${Date.now()}@example.com`;
await app.inject({ method: 'POST', url: '/api/users/sendCode', payload: { email } });
const code = /login code: (\d{6})/.exec(outbox[0]!.subject)![1];
const { token, user } = (
  await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, code } })
).json();
const teamId: string = user.team._id;

// Fictional 555-01xx numbers, 100 per area code.
const AREA_CODES = ['916', '212', '312', '415', '617', '206', '303', '512', '702', '213'];
const devices: { id: string; value: string }[] = [];
for (let i = 0; i < DEVICES; i++) {
  const value = `+1${AREA_CODES[Math.floor(i / 100)]}555${String(100 + (i % 100)).padStart(4, '0')}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/services/addNumber',
    headers: { authorization: `Bearer ${token}` },
    payload: { phoneType: 'Android', value },
  });
  if (res.statusCode !== 200) throw new Error(`addNumber ${value}: ${res.body}`);
  devices.push({ id: res.json().device._id, value });
}

const statuses = await database.db.select().from(schema.statuses).where(eq(schema.statuses.teamId, teamId));
await generateTeamData(database.db, {
  teamId,
  contacts: JOBS + API_JOBS,
  phonesPerContact: 1,
  messagesPerContact: 0,
  statusIds: statuses.map((s) => s.id),
  memberIds: [user._id],
  phoneBase: 3_000_000,
  now: new Date(),
});
await database.db.execute(sql`analyze`);
const contacts = await queryRows<{ item_id: string; value: string }>(
  database.db,
  sql`select item_id, value from identifiers where team_id = ${teamId} order by value`,
);
// The campaign's contacts: their own numbers (+19165…), all 'Not contacted', in a list of their own.
const notContacted = statuses.find((s) => s.builtIn && s.text === 'Not contacted')!.id;
await generateTeamData(database.db, {
  teamId,
  contacts: CAMPAIGN_RECIPIENTS,
  phonesPerContact: 1,
  messagesPerContact: 0,
  statusIds: [notContacted],
  memberIds: [user._id],
  phoneBase: 5_000_000,
  now: new Date(),
});
// No State on any record: California's hours (the generator's addresses) in California's zone would
// hold the campaign whenever it is night there; the zone above is where it is midday.
await database.db.execute(sql`update items set data = data - 'State' where team_id = ${teamId}`);
const [campaignList] = await database.db
  .insert(schema.lists)
  .values({
    teamId,
    name: 'Campaign bench',
    position: 1,
    state: 'imported',
    result: {} as never,
    createdAt: new Date(),
  })
  .returning();
await database.db.execute(sql`insert into list_items (list_id, type, item_id)
  select ${campaignList!.id}, 'contact', item_id from identifiers
  where team_id = ${teamId} and value >= '+19165000000'`);
await database.db
  .update(schema.teams)
  // PRO: the free plan's 500 texts a month would stop the sendSms and campaign phases.
  .set({ timezone: middayZone(), ppgl: 1_000_000_000, plan: 'PRO' })
  .where(eq(schema.teams.id, teamId));
const group = (
  await app.inject({
    method: 'PUT',
    url: '/api/templates/addGroup',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'Bench' },
  })
).json();
await app.inject({
  method: 'PUT',
  url: '/api/templates/addTemplate',
  headers: { authorization: `Bearer ${token}` },
  payload: { text: 'Hi **First name**, are you still looking to sell?', groupId: group._id },
});
await database.db.execute(sql`analyze`);
// A seeded draw picks the texts that get a reply, so replies come to every device, not only to the
// one a fixed stride over round-robin devices would land on.
const draw = seededRandom(7);
const replyTo = Array.from({ length: JOBS + API_JOBS }, () => draw() < 1 / REPLY_EVERY);
const bodyOf = (i: number) =>
  `Hi, are you still looking to sell? (${i})${replyTo[i] ? ` ${REPLY_MARK}` : ''}`;
progress(`${database.driver}: ${devices.length} devices, ${contacts.length} contacts ready`);

const agents = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'dispatch-agents.ts')], {
  env: {
    ...process.env,
    BENCH_DISPATCH_URL: appUrl,
    BENCH_DISPATCH_BROWSER_TOKEN: token,
    BENCH_DISPATCH_DEVICE_TOKENS: devices.map((d) => deviceToken(app.config.authSecret, d.id, 1)).join(','),
    BENCH_DISPATCH_REPLY_MARK: REPLY_MARK,
  },
  stdio: ['pipe', 'pipe', 'inherit'],
});
const answers = createInterface({ input: agents.stdout! })[Symbol.asyncIterator]();
const nextAnswer = async () => {
  const next = await answers.next();
  if (!next.done) return JSON.parse(next.value) as Record<string, unknown>;
  const code = agents.exitCode ?? (await new Promise((resolve) => agents.once('exit', resolve)));
  throw new Error(`the agents process ended (exit code ${code})`);
};
type Seen = {
  delivered: number;
  repeatedEvents: number;
  replies: number;
  lastDeliveredAt: number;
  latencies: number[];
  replyTimes: [string, number, number][];
  cpuMs: number;
  elu: number;
  problems: string[];
};
const waitFor = async (delivered: number, replies: number, timeoutMs: number) => {
  agents.stdin!.write(`${JSON.stringify({ wait: { delivered, replies, timeoutMs } })}\n`);
  return (await nextAnswer()) as Seen;
};
await nextAnswer(); // ready: every agent connected, the browser in

/** CPU seconds of this database's PostgreSQL backends, read from /proc (the server is on this machine). */
async function databaseCpuSeconds() {
  if (database.driver !== 'postgres' || !existsSync('/proc/self/stat')) return null;
  const pids = await queryRows<{ pid: number }>(
    database.db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime in 1/100 s
    } catch {
      // A backend that ended meanwhile.
    }
  }
  return ticks / 100;
}

/** Queries waiting for one of the pool's 10 connections (PostgreSQL), sampled every 10 ms. */
function samplePoolQueue() {
  const pool = (database.db as unknown as { $client: { waitingCount?: number } }).$client;
  let samples = 0;
  let waiting = 0;
  const timer = setInterval(() => {
    samples += 1;
    waiting += pool.waitingCount ?? 0;
  }, 10);
  return () => {
    clearInterval(timer);
    return database.driver === 'postgres' && samples ? round(waiting / samples) : null;
  };
}

/** What one phase cost per job (CPU of the server and the database, statements) and how it queued. */
async function startMeter() {
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const db = await databaseCpuSeconds();
  const sent = statementsSent();
  const disconnectsBefore = deviceDisconnects;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const poolQueue = samplePoolQueue();
  const [loadBefore = 0] = os.loadavg();
  return async (jobs: number) => {
    const count = statementsSent() - sent;
    const used = process.cpuUsage(cpu);
    delay.disable();
    const waiting = poolQueue();
    const dbNow = await databaseCpuSeconds();
    return {
      statementsPerJob: round(count / jobs, 2),
      serverElu: round(performance.eventLoopUtilization(elu).utilization, 2),
      loopDelayP99Ms: round(delay.percentile(99) / 1e6),
      loopDelayMaxMs: round(delay.max / 1e6),
      deviceDisconnects: deviceDisconnects - disconnectsBefore,
      poolWaitingAvg: waiting,
      serverCpuMsPerJob: round((used.user + used.system) / 1000 / jobs, 2),
      dbCpuMsPerJob: db === null || dbNow === null ? null : round(((dbNow - db) * 1000) / jobs, 2),
      // The machine's 1-minute load average before and after: others' work on the same cores shows here.
      machineLoad: [round(loadBefore), round(os.loadavg()[0] ?? 0)],
    };
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : null;
function phaseResult(started: number, jobs: number, delivered: number, seen: Seen) {
  const sorted = [...seen.latencies].sort((a, b) => a - b);
  const toServer: number[] = [];
  const toBrowser: number[] = [];
  for (const [phone, at, seenAt] of seen.replyTimes) {
    const read = serverReads.get(`${phone}|${at}`);
    if (read === undefined) continue;
    toServer.push(read - at);
    toBrowser.push(seenAt - read);
  }
  toServer.sort((a, b) => a - b);
  toBrowser.sort((a, b) => a - b);
  return {
    jobs,
    delivered,
    endToEndMs: seen.lastDeliveredAt - started,
    jobsPerSecond: Math.round(delivered / ((seen.lastDeliveredAt - started) / 1000)),
    agentsCpuMsPerJob: round(seen.cpuMs / delivered, 2),
    replies: sorted.length,
    replyP50Ms: percentile(sorted, 50),
    replyP95Ms: percentile(sorted, 95),
    replyMaxMs: sorted.at(-1) ?? null,
    // The same replies split where the server read them off the device's socket.
    replyPhoneToServerP50Ms: percentile(toServer, 50),
    replyPhoneToServerP95Ms: percentile(toServer, 95),
    replyServerToBrowserP50Ms: percentile(toBrowser, 50),
    replyServerToBrowserP95Ms: percentile(toBrowser, 95),
    agentsElu: seen.elu,
  };
}
const jobsByState = async () =>
  Object.fromEntries(
    (
      await queryRows<{ state: string; n: number }>(
        database.db,
        sql`select state, count(*)::int as n from sms_jobs group by state`,
      )
    ).map((r) => [r.state, r.n]),
  );

/** The devices' 'sent today' counters added up: one per text sent, unless a report was applied twice. */
const sentToday = async () =>
  (
    await queryRows<{ n: number }>(
      database.db,
      sql`select sum(sent_today)::int as n from devices where team_id = ${teamId}`,
    )
  )[0]?.n ?? 0;

/** Ends a phase that ran out of time: its queued jobs fail, so only those in flight finish. */
async function stopQueued() {
  await database.db.execute(
    sql`update sms_jobs set state = 'failed', error = 'bench window over', done_at = now() where state = 'queued'`,
  );
  for (let waited = 0; waited < 30_000; waited += 250) {
    const [busy] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from sms_jobs where state in ('offered', 'accepted', 'sent')`,
    );
    if (!busy?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// Phase 1: jobs inserted in bulk, then the devices kicked.
const bulkRows = contacts.slice(0, JOBS).map((c, i) => ({
  item_id: c.item_id,
  to: c.value,
  device_id: devices[i % devices.length]!.id,
  from_value: devices[i % devices.length]!.value,
  body: bodyOf(i),
}));
const insertStarted = performance.now();
await database.db.execute(sql`
  with x as (
    select * from jsonb_to_recordset(${JSON.stringify(bulkRows)}::jsonb)
      as x(item_id uuid, "to" text, device_id uuid, from_value text, body text)
  ), sticky as (
    -- what sendSms does on a number's first text: the device becomes its sticky sender
    update identifiers i set sent_from = x.from_value from x
    where i.team_id = ${teamId} and i.value = x."to" and i.sent_from is null
  ), m as (
    insert into messages (team_id, item_id, body, direction, phone, sent_from, sender_id, status, created_at)
    select ${teamId}, item_id, body, 'out', "to", from_value, ${user._id}, 'queued', now() from x
    returning id, item_id
  )
  insert into sms_jobs (team_id, device_id, from_value, item_id, message_id, "to", body, next_attempt_at, created_at)
  select ${teamId}, x.device_id, x.from_value, x.item_id, m.id, x."to", x.body, now(), now()
  from x join m using (item_id)`);
const insertMs = performance.now() - insertStarted;
const bulkMeter = await startMeter();
const bulkStarted = Date.now();
for (const d of devices) app.services.gateway.kick(d.id);
const bulkSeen = await waitFor(JOBS, replyTo.slice(0, JOBS).filter(Boolean).length, BULK_WINDOW_MS);
const bulkCost = await bulkMeter(bulkSeen.delivered);
const complete = bulkSeen.delivered >= JOBS;
if (!complete) await stopQueued();
// What the browser saw while the last jobs in flight finished; the replies count with this phase.
const tail = await waitFor(0, 0, 0);
const bulk = {
  ...phaseResult(bulkStarted, JOBS, bulkSeen.delivered, {
    ...bulkSeen,
    latencies: [...bulkSeen.latencies, ...tail.latencies],
    replyTimes: [...bulkSeen.replyTimes, ...tail.replyTimes],
  }),
  complete,
  ...bulkCost,
  insertMs: Math.round(insertMs),
  states: await jobsByState(),
  sentTodayTotal: await sentToday(),
};
progress(`bulk: ${bulkSeen.delivered} of ${JOBS} delivered in ${bulk.endToEndMs} ms`);

// Phase 2: the sendSms use case, API_CONCURRENCY calls at a time, for at most API_WINDOW_MS.
const auth = (await app.services.auth.authenticate(token))!;
const apiMeter = await startMeter();
const apiStarted = Date.now();
let nextIndex = JOBS;
let refused = 0;
let repliesAsked = 0;
await Promise.all(
  Array.from({ length: API_CONCURRENCY }, async () => {
    while (nextIndex < JOBS + API_JOBS && Date.now() - apiStarted < API_WINDOW_MS) {
      const i = nextIndex++;
      const c = contacts[i]!;
      const sent = await app.services.sms.sendSms(auth, { itemId: c.item_id, to: c.value, body: bodyOf(i) });
      if (!sent.ok) refused += 1;
      else if (replyTo[i]) repliesAsked += 1;
    }
  }),
);
const callsMs = Date.now() - apiStarted;
const calls = nextIndex - JOBS;
const apiSeen = await waitFor(tail.delivered + calls - refused, tail.replies + repliesAsked, BULK_WINDOW_MS);
// How the device choice spread the texts: the least busy device counts only offered and accepted jobs.
const [spread] = await queryRows<{ fewest: number; most: number; used: number }>(
  database.db,
  sql`select min(n)::int as fewest, max(n)::int as most, count(*) filter (where n > 0)::int as used
    from (
      select count(j.id) as n from devices d
      left join sms_jobs j on j.device_id = d.id and j.created_at >= ${new Date(apiStarted)}
      where d.team_id = ${teamId} group by d.id
    ) per_device`,
);
const apiDelivered = apiSeen.delivered - tail.delivered;
const api = {
  ...phaseResult(apiStarted, calls, apiDelivered, apiSeen),
  ...(await apiMeter(apiDelivered)),
  callsPerSecond: Math.round((calls - refused) / (callsMs / 1000)),
  refused,
  jobsPerDevice: spread,
  states: await jobsByState(),
  sentTodayTotal: await sentToday(),
};
progress(`sendSms: ${calls - refused} calls in ${callsMs} ms`);

// Phase 3: a campaign launched through the API, sent by the engine (ticks of 100 ms, no limits).
const campaignMeter = await startMeter();
const campaignStarted = Date.now();
const launched = await app.inject({
  method: 'POST',
  url: '/api/campaigns/launch',
  headers: { authorization: `Bearer ${token}` },
  payload: {
    name: 'Bench',
    campaignType: 'Text',
    listIds: [campaignList!.id],
    statuses: [notContacted],
    weekDays: [1, 2, 3, 4, 5, 6, 7],
    // All day in the team's zone (where it is midday now): 0:00 to 23:00.
    startTime: atHourInZone(new Date(), 0, middayZone()).toISOString(),
    endTime: atHourInZone(new Date(), 23, middayZone()).toISOString(),
    startDate: new Date(Date.now() - 3_600_000).toISOString(),
    groupIds: [group._id],
    devices: devices.map((d) => d.id),
  },
});
if (launched.statusCode !== 200) throw new Error(`launch: ${launched.body}`);
const launchMs = Date.now() - campaignStarted;
app.services.campaignEngine.start();
const campaignSeen = await waitFor(apiSeen.delivered + CAMPAIGN_RECIPIENTS, 0, CAMPAIGN_WINDOW_MS);
await app.services.campaignEngine.stop();
const [claimed] = await queryRows<{ n: number; last: string }>(
  database.db,
  sql`select count(*)::int as n, max(created_at) as last from sms_jobs where campaign_id = ${launched.json()._id}`,
);
const campaignDelivered = campaignSeen.delivered - apiSeen.delivered;
const campaign = {
  ...phaseResult(campaignStarted, CAMPAIGN_RECIPIENTS, campaignDelivered, campaignSeen),
  ...(await campaignMeter(Math.max(1, campaignDelivered))),
  launchMs,
  // The engine alone: texts claimed and written as device jobs per second, launch included.
  engineJobsPerSecond: Math.round(
    claimed!.n / ((new Date(claimed!.last).getTime() - campaignStarted) / 1000),
  ),
  states: await jobsByState(),
};
progress(`campaign: ${campaignDelivered} of ${CAMPAIGN_RECIPIENTS} delivered in ${campaign.endToEndMs} ms`);

console.log(
  JSON.stringify({
    driver: database.driver === 'pglite' && !PGLITE_IN_THREAD ? 'pglite (worker thread)' : database.driver,
    devices: DEVICES,
    maxInFlight: app.config.DEVICE_MAX_IN_FLIGHT,
    dispatchPoolSize: url ? DISPATCH_POOL : null,
    replyEvery: REPLY_EVERY,
    apiConcurrency: API_CONCURRENCY,
    bulk,
    sendSms: api,
    campaign,
    repeatedDeliveredEvents: campaignSeen.repeatedEvents,
    serverErrors: serverErrors.length,
    firstErrors: serverErrors.slice(0, 3),
    agentProblems: campaignSeen.problems,
  }),
);

agents.stdin!.end();
await new Promise((resolve) => agents.once('exit', resolve));
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
