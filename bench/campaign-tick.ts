/**
 * Child process of bench/run.ts: the campaign engine's tick at scale. A team of BENCH_TICK_RECIPIENTS
 * contacts (one phone and one property each) and BENCH_TICK_DEVICES connected Android devices; a
 * campaign to all of them is launched through the API (its recipients picked in one statement), then
 * the engine ticks every 2 s of a movable clock with the default limits (random 20-60 s between two
 * sends of a device, daily limit 200, first-touch cap 50). Each tick selects the due recipients,
 * claims them and the device-day rows (FOR UPDATE SKIP LOCKED), decides, and writes the texts as
 * device jobs. Prints one JSON line: launch time, and tick times (the first tick, when every device is
 * ready at once, apart from the steady ones).
 *
 * Then the follow-ups (issue 32, ADR 040/046; BENCH_TICK_FOLLOW_UPS=0 skips them): the campaign has a
 * follow-up step ("if no reply after 2 days"). Every recipient is made due for it as if the first step
 * had texted them all two days before (their phones' sticky sender spread over the devices), one in ten
 * replied meanwhile (the engine stops them), and the engine ticks again on the Thursday: the tick's
 * duration (p50 / p95) and the texts it writes per second of tick.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openPostgres, createPglite, wrapPglite } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import { manualClock } from '../apps/server/src/lib/clock.js';
import type { Mail, Mailer } from '../apps/server/src/providers/mail/index.js';
import { generateTeamData } from '../apps/server/src/scripts/generate.js';

const RECIPIENTS = Number(process.env.BENCH_TICK_RECIPIENTS ?? 1_000_000);
const DEVICES = Number(process.env.BENCH_TICK_DEVICES ?? 1_000);
const TICKS = Number(process.env.BENCH_TICK_COUNT ?? 60);
const FOLLOW_UPS = process.env.BENCH_TICK_FOLLOW_UPS !== '0';
const url = process.env.BENCH_DATABASE_URL;
const progress = (text: string) => process.stderr.write(`campaign tick: ${text}\n`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prospector-bench-'));

const database = url ? openPostgres(url, 10) : wrapPglite(await createPglite());
await database.migrate();
// Tuesday 6 January 2026, 12:00 in Los Angeles (the generated numbers are Sacramento's, 916).
const clock = manualClock(new Date('2026-01-06T20:00:00Z'));
const outbox: Mail[] = [];
const mailer: Mailer = { kind: 'smtp', send: async (m) => void outbox.push(m), close: async () => {} };
const app = await buildApp(testConfig({ LOG_LEVEL: 'error', WEB_DIST: '/nonexistent', DATA_DIR: dataDir }), {
  database,
  mailer,
  clock,
});
await app.ready();
const email = `bench-tick-${Date.now()}@example.com`;
await app.inject({ method: 'POST', url: '/api/users/sendCode', payload: { email } });
const code = /login code: (\d{6})/.exec(outbox[0]!.subject)![1];
const { token, user } = (
  await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, code } })
).json();
const headers = { authorization: `Bearer ${token}` };
const teamId: string = user.team._id;
await database.db
  .update(schema.teams)
  // PRO: on the free plan the campaign would stop at 500 texts a month.
  .set({ timezone: 'America/Los_Angeles', ppgl: 200, plan: 'PRO' })
  .where(eq(schema.teams.id, teamId));

const [notContacted] = await database.db
  .select()
  .from(schema.statuses)
  .where(eq(schema.statuses.teamId, teamId))
  .orderBy(schema.statuses.position);
let started = performance.now();
await generateTeamData(database.db, {
  teamId,
  contacts: RECIPIENTS,
  phonesPerContact: 1,
  messagesPerContact: 0,
  statusIds: [notContacted!.id],
  memberIds: [user._id],
  phoneBase: 0,
  now: clock.now(),
});
const generateMs = performance.now() - started;
progress(`${RECIPIENTS} contacts in ${Math.round(generateMs)} ms`);
await database.db.execute(sql`
  insert into devices (team_id, kind, value, connected, pinged_at, created_at)
  select ${teamId}, 'android', '+1212' || lpad((2000000 + n)::text, 7, '0'), true, ${clock.now()}, ${clock.now()}
  from generate_series(1, ${DEVICES}) n`);
await database.db.execute(sql`analyze`);
const deviceIds = (
  await database.db
    .select({ id: schema.devices.id })
    .from(schema.devices)
    .where(eq(schema.devices.teamId, teamId))
).map((d) => d.id);

const group = (
  await app.inject({ method: 'PUT', url: '/api/templates/addGroup', headers, payload: { name: 'Bench' } })
).json();
await app.inject({
  method: 'PUT',
  url: '/api/templates/addTemplate',
  headers,
  payload: { text: 'Hi **First name**, are you still looking to sell?', groupId: group._id },
});

const nudge = (
  await app.inject({ method: 'PUT', url: '/api/templates/addGroup', headers, payload: { name: 'Nudge' } })
).json();
await app.inject({
  method: 'PUT',
  url: '/api/templates/addTemplate',
  headers,
  payload: { text: '**First name**, any interest in an offer this month?', groupId: nudge._id },
});

started = performance.now();
const launched = await app.inject({
  method: 'POST',
  url: '/api/campaigns/launch',
  headers,
  payload: {
    name: 'Bench',
    campaignType: 'Text',
    statuses: [notContacted!.id],
    weekDays: [1, 2, 3, 4, 5],
    startTime: '2026-01-06T16:00:00Z', // 8:00 Los Angeles
    endTime: '2026-01-07T04:00:00Z', // 20:00
    startDate: '2026-01-06T08:00:00Z',
    groupIds: [group._id],
    devices: deviceIds,
    followUps: FOLLOW_UPS ? [{ afterDays: 2, groupIds: [nudge._id] }] : [],
  },
});
if (launched.statusCode !== 200) throw new Error(`launch: ${launched.body}`);
const launchMs = performance.now() - started;
await database.db.execute(sql`analyze campaign_recipients`);
progress(`launched to ${launched.json().recipients} recipients in ${Math.round(launchMs)} ms`);

const ticks: { ms: number; sent: number }[] = [];
for (let i = 0; i < TICKS; i++) {
  clock.advance(2000);
  // The agents' pings (every 10 s in life), outside the measured tick.
  await database.db
    .update(schema.devices)
    .set({ pingedAt: clock.now() })
    .where(eq(schema.devices.teamId, teamId));
  const t0 = performance.now();
  const r = await app.services.campaignEngine.tick();
  ticks.push({ ms: performance.now() - t0, sent: r.sent });
}
const steady = ticks
  .slice(1)
  .map((t) => t.ms)
  .sort((a, b) => a - b);
const pctOf = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const pct = (p: number) => pctOf(steady, p);
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The follow-up step over every recipient: due now, as if the first step had texted them all on
 * Tuesday (a sticky sender on each phone, spread over the devices) and one in ten had replied since.
 */
async function followUpTicks() {
  const launchedId = launched.json()._id as string;
  // Thursday 8 January, 12:00 in Los Angeles: two days after the first step.
  clock.set(new Date('2026-01-08T20:00:00Z'));
  const texted = new Date(clock.now().getTime() - 2 * 86_400_000);
  let t0 = performance.now();
  await database.db.execute(sql`update campaign_recipients set state = 'pending', step = 1, follow_up = 1,
      last_step = 0, last_sent_at = ${texted}, next_at = ${clock.now()}, wait_reason = null
    where campaign_id = ${launchedId}`);
  await database.db.execute(sql`with d as (
      select value, row_number() over (order by id) - 1 as k from devices where team_id = ${teamId})
    update identifiers i set sent_from = d.value
    from d where i.team_id = ${teamId} and not i.is_email
      and d.k = abs(hashtext(i.id::text)) % ${DEVICES}`);
  await database.db.execute(sql`update items set last_message = jsonb_build_object('body', 'Not now',
      'createdAt', ${new Date(texted.getTime() + 3_600_000).toISOString()}::text, 'direction', 'in')
    where team_id = ${teamId} and type = 'contact' and abs(hashtext(id::text)) % 10 = 0`);
  await database.db.execute(sql`analyze`);
  progress(`follow-up step due for every recipient in ${Math.round(performance.now() - t0)} ms`);
  const out: { ms: number; sent: number }[] = [];
  for (let i = 0; i < TICKS; i++) {
    clock.advance(2000);
    await database.db
      .update(schema.devices)
      .set({ pingedAt: clock.now() })
      .where(eq(schema.devices.teamId, teamId));
    t0 = performance.now();
    const r = await app.services.campaignEngine.tick();
    out.push({ ms: performance.now() - t0, sent: r.sent });
  }
  const sorted = out
    .slice(1)
    .map((t) => t.ms)
    .sort((a, b) => a - b);
  const totalMs = out.reduce((n, t) => n + t.ms, 0);
  const [stoppedByReply] = await database.db
    .execute(
      sql`select count(*)::int as n from campaign_recipients where campaign_id = ${launchedId} and reason = 'replied'`,
    )
    .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
  const sent = out.reduce((n, t) => n + t.sent, 0);
  return {
    followUpFirstTickMs: round(out[0]!.ms),
    followUpFirstTickSent: out[0]!.sent,
    followUpTickP50Ms: round(pctOf(sorted, 50)),
    followUpTickP95Ms: round(pctOf(sorted, 95)),
    followUpTickMaxMs: round(sorted.at(-1)!),
    followUpSent: sent,
    followUpStoppedByReply: stoppedByReply?.n ?? 0,
    followUpTextsPerTickSecond: Math.round((sent / totalMs) * 1000),
  };
}
const followUps = FOLLOW_UPS ? await followUpTicks() : {};
const [jobs] = await database.db
  .execute(sql`select count(*)::int as n from sms_jobs`)
  .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
console.log(
  JSON.stringify({
    driver: database.driver,
    recipients: RECIPIENTS,
    devices: DEVICES,
    generateMs: Math.round(generateMs),
    launchMs: Math.round(launchMs),
    firstTickMs: round(ticks[0]!.ms),
    firstTickSent: ticks[0]!.sent,
    ticks: steady.length,
    tickP50Ms: round(pct(50)),
    tickP95Ms: round(pct(95)),
    tickMaxMs: round(steady.at(-1)!),
    sentPerSteadyTick: round(ticks.slice(1).reduce((n, t) => n + t.sent, 0) / steady.length),
    jobs: jobs?.n ?? 0,
    ...followUps,
  }),
);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
