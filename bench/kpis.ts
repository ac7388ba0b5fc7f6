/**
 * Child process of bench/run.ts: GET /api/kpis's statements at 1,000,000 texts. One team holds
 * BENCH_KPIS_TEXTS texts (default 1,000,000) over a year from 10 lines and 20 templates, a fifth of
 * them campaign texts (one recipient each, one in ten of whom replied, one in forty opted out),
 * 100,000 replies and 50,000 calls; another team holds as much again (its rows must cost nothing).
 * Then the KPIs of the last 30 days and of the whole year, BENCH_KPIS_RUNS times each, through the
 * service the route calls. Prints one JSON line.
 */
import { sql } from 'drizzle-orm';
import { createPglite, openPostgres, queryRows, wrapPglite, type Db } from '../apps/server/src/db/client.js';
import { createKpisService } from '../apps/server/src/modules/kpis/index.js';

const TEXTS = Number(process.env.BENCH_KPIS_TEXTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_KPIS_RUNS ?? 20);
const url = process.env.BENCH_DATABASE_URL;
const progress = (text: string) => process.stderr.write(`kpis: ${text}\n`);

const database = url ? openPostgres(url, 10) : wrapPglite(await createPglite());
await database.migrate();
const { db } = database;
const DAY_MS = 86_400_000;
const now = new Date();

/** One team's year of activity, generated in SQL (no row crosses the wire). */
async function seedTeam(d: Db, name: string) {
  const [team] = await queryRows<{ id: string }>(
    d,
    sql`insert into teams (name, timezone) values (${name}, 'America/New_York') returning id::text as id`,
  );
  const t = team!.id;
  await d.execute(sql`insert into devices (team_id, kind, value, created_at)
    select ${t}, 'android', '+1916555' || lpad(g::text, 4, '0'), now() from generate_series(1, 10) g`);
  await d.execute(sql`insert into templates (team_id, text, created_at, updated_at)
    select ${t}, 'Template ' || g || ': still thinking of selling **Street1**?', now(), now() from generate_series(1, 20) g`);
  await d.execute(sql`insert into items (team_id, type, last_activity_at, created_at, updated_at)
    values (${t}, 'contact', now(), now(), now())`);
  await d.execute(sql`insert into campaigns (team_id, name, list_ids, status_ids, week_days, start_hour, end_hour,
      start_date, timezone, group_ids, device_ids, created_at)
    values (${t}, 'Bench', '[]', '[]', '[1,2,3,4,5]', 9, 18, now(), 'America/New_York', '[]', '[]', now())`);
  const campaignTexts = Math.floor(TEXTS / 5);
  await d.execute(sql`insert into campaign_recipients (campaign_id, team_id, item_id, state, reason, step, next_at)
    select (select id from campaigns where team_id = ${t}), ${t}, (select id from items where team_id = ${t}),
      case when g % 10 = 0 then 'stopped' else 'waiting' end,
      case when g % 40 = 0 then 'optOut' when g % 10 = 0 then 'replied' end, 1, now()
    from generate_series(1, ${campaignTexts}::int) g`);
  progress(`${name}: ${campaignTexts} recipients`);
  const at = sql`(${now.toISOString()}::timestamptz - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second')`;
  const state = sql`case when g % 50 = 0 then 'failed' when g % 3 = 0 then 'sent' else 'delivered' end`;
  const lines = sql`(select array_agg(id order by value) a, array_agg(value order by value) v from devices where team_id = ${t}) dev`;
  // Campaign texts: one per recipient, from a template.
  await d.execute(sql`insert into sms_jobs (team_id, device_id, from_value, "to", body, state, next_attempt_at,
      created_at, template_id, recipient_id, step)
    select ${t}, dev.a[1 + g % 10], dev.v[1 + g % 10], '+12025550100', 'Hello', ${state}, ${at}, ${at},
      tpl.a[1 + g % 20], r.id, 1
    from ${lines}, (select array_agg(id order by text) a from templates where team_id = ${t}) tpl,
      (select id, row_number() over (order by seq) g from campaign_recipients where team_id = ${t}) r`);
  progress(`${name}: ${campaignTexts} campaign texts`);
  const chunk = 200_000;
  for (let from = campaignTexts; from < TEXTS; from += chunk) {
    await d.execute(sql`insert into sms_jobs (team_id, device_id, from_value, "to", body, state, next_attempt_at, created_at)
      select ${t}, dev.a[1 + g % 10], dev.v[1 + g % 10], '+12025550100', 'Hello', ${state}, ${at}, ${at}
      from ${lines}, generate_series(${from + 1}::int, ${Math.min(TEXTS, from + chunk)}::int) g`);
    progress(`${name}: ${Math.min(TEXTS, from + chunk)} texts`);
  }
  await d.execute(sql`insert into messages (team_id, item_id, body, direction, phone, sent_from, status, created_at)
    select ${t}, (select id from items where team_id = ${t}), 'Yes', 'in', '+12025550100',
      '+1916555' || lpad((1 + g % 10)::text, 4, '0'), 'received', ${now.toISOString()}::timestamptz - (g % 365) * interval '1 day'
    from generate_series(1, ${TEXTS / 10}::int) g`);
  await d.execute(sql`insert into calls (team_id, direction, from_number, to_number, status, started_at)
    select ${t}, 'out', '+12125550142', '+12025550100',
      (array['Done','No answer','Failed','Leaving VM','Cancelled'])[1 + g % 5], ${now.toISOString()}::timestamptz - (g % 365) * interval '1 day'
    from generate_series(1, ${TEXTS / 20}::int) g`);
  await d.execute(sql`analyze`);
  return t;
}

const started = performance.now();
const teamId = await seedTeam(db, 'KPIs bench');
await seedTeam(db, 'KPIs bench neighbour');
const seedS = Math.round((performance.now() - started) / 100) / 10;
progress(`seeded in ${seedS} s`);

const kpis = createKpisService({ db });
const auth = {
  sessionId: 'bench',
  userId: 'bench',
  teamId,
  user: { role: 'admin', permissions: [] },
} as unknown as Parameters<typeof kpis.teamKpis>[0];
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function measure(days: number) {
  const period = { from: day(now.getTime() - (days - 1) * DAY_MS), to: day(now.getTime()) };
  const times: number[] = [];
  let sent = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    const r = await kpis.teamKpis(auth, period);
    const ms = performance.now() - t0;
    if (!r.ok) throw new Error(r.code);
    sent = r.value.totals.sent;
    if (i >= 2) times.push(ms); // two warm-ups
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { days, sent, p50_ms: at(0.5), p95_ms: at(0.95) };
}

const month = await measure(30);
const year = await measure(365);
console.log(
  JSON.stringify({
    driver: url ? 'postgres' : 'pglite',
    texts: TEXTS,
    seedS,
    month_sent: month.sent,
    month_p50_ms: month.p50_ms,
    month_p95_ms: month.p95_ms,
    year_sent: year.sent,
    year_p50_ms: year.p50_ms,
    year_p95_ms: year.p95_ms,
  }),
);
await database.close();
