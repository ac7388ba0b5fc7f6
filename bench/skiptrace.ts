/**
 * Child process of bench/run.ts: a list-wide skip trace of BENCH_SKIPTRACE_PROPERTIES properties
 * (10,000) against the local BatchData fake (100 addresses a request, 50 ms a request, 1 address in 3
 * a miss), end to end: the engine claims each batch with its ledger hold, the fake answers over HTTP,
 * the owners are stacked as contacts with their phones and e-mails, the hits are charged and the rest
 * released. Then checks: every address traced once, only hits charged, no hold left open, the balance
 * equal to its entries. Prints one JSON line.
 */
import { emptyImportResult } from '@prospector/core';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createPglite, openPostgres, queryRows, wrapPglite } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { createLedger } from '../apps/server/src/modules/billing/index.js';
import { createSkiptraceEngine } from '../apps/server/src/modules/skiptrace/index.js';
import type { Realtime } from '../apps/server/src/plugins/realtime.js';
import { createBatchData } from '../apps/server/src/providers/skiptrace/index.js';
import { startFakeBatchData } from '../apps/server/src/test/fake-batchdata.js';

const PROPERTIES = Number(process.env.BENCH_SKIPTRACE_PROPERTIES ?? 10_000);
const LATENCY_MS = Number(process.env.BENCH_SKIPTRACE_LATENCY_MS ?? 50);
const CONCURRENCY = Number(process.env.BENCH_SKIPTRACE_CONCURRENCY ?? 2);
const BATCH = Number(process.env.BENCH_SKIPTRACE_BATCH ?? 1000);
const PRICE = 600; // a single hit, $0.06
const url = process.env.BENCH_DATABASE_URL;
const progress = (text: string) => process.stderr.write(`skiptrace: ${text}\n`);

const database = url ? openPostgres(url, 10) : wrapPglite(await createPglite());
await database.migrate();
const { db } = database;
const ledger = createLedger({ db, clock: systemClock });
const fake = await startFakeBatchData({ latencyMs: LATENCY_MS });
fake.missWhen = (item) => Number.parseInt(item.propertyAddress?.street ?? '0', 10) % 3 === 0;

const [team] = await db.insert(schema.teams).values({ name: 'Skip trace bench' }).returning();
const [user] = await db
  .insert(schema.users)
  .values({ teamId: team!.id, email: `skiptrace-bench-${Date.now()}@example.com`, role: 'admin' })
  .returning();
const [list] = await db
  .insert(schema.lists)
  .values({
    teamId: team!.id,
    name: 'Bench properties',
    position: 1,
    state: 'imported',
    propCount: PROPERTIES,
    result: emptyImportResult(),
    createdAt: new Date(),
    importedAt: new Date(),
  })
  .returning();
await db.execute(sql`
  with p as (
    insert into items (team_id, type, data, last_activity_at, search_text, created_at, updated_at)
    select ${team!.id}, 'property',
      jsonb_build_object('Street1', i || ' Bench St', 'City', 'Austin', 'State', 'TX', 'Zip', '78701',
        'Owner', 'Owner' || i || ' Lee'),
      now(), '', now() + (i || ' microseconds')::interval, now()
    from generate_series(1, ${PROPERTIES}) i returning id)
  insert into list_items (list_id, type, item_id) select ${list!.id}, 'property', id from p`);
const funded = PROPERTIES * PRICE;
await ledger.grant({
  teamId: team!.id,
  amount: funded,
  reason: 'adminGrant',
  description: 'Bench',
  actorId: user!.id,
});
progress(
  `${PROPERTIES} properties, ${LATENCY_MS} ms a request, ${CONCURRENCY} batches of ${BATCH} in flight`,
);

const quiet: Realtime = { toTeam: () => {}, toUser: () => {} } as unknown as Realtime;
const engine = createSkiptraceEngine({
  db,
  clock: systemClock,
  ledger,
  provider: createBatchData({ key: fake.key, baseUrl: fake.url }),
  realtime: () => quiet,
  log: pino({ level: 'warn' }),
  leaseMs: 60_000,
  pollMs: 20,
  concurrency: CONCURRENCY,
  claimSize: BATCH,
  retryMs: 100,
  retries: 3,
  statusIdOf: async () => null,
});

const started = performance.now();
const [run] = await db
  .insert(schema.skiptraceRuns)
  .values({
    teamId: team!.id,
    listId: list!.id,
    createdBy: user!.id,
    type: 'single',
    price: PRICE,
    state: 'running',
    total: PROPERTIES,
    createdAt: new Date(),
  })
  .returning();
await db.execute(sql`
  insert into skiptrace_run_items (run_id, item_id, position)
  select ${run!.id}, li.item_id, row_number() over (order by i.created_at) from list_items li join items i on i.id = li.item_id
  where li.list_id = ${list!.id}`);
engine.start();
engine.kick();
type RunState = { state: string; done: number; hits: number; cost: number };
let state: RunState;
for (;;) {
  [state] = (await queryRows<RunState>(
    db,
    sql`select state, done, hits, cost::float8 as cost from skiptrace_runs where id = ${run!.id}`,
  )) as [RunState];
  if (state.state !== 'running') break;
  await new Promise((r) => setTimeout(r, 50));
}
const seconds = (performance.now() - started) / 1000;
await engine.stop();

const hits = PROPERTIES - Math.floor(PROPERTIES / 3);
const [check] = await queryRows<{
  balance: number;
  entries: number;
  open: number;
  charged: number;
  count: number;
}>(
  db,
  sql`select (select balance::float8 from credit_accounts where team_id = ${team!.id}) as balance,
        (select coalesce(sum(amount), 0)::float8 from credit_entries where team_id = ${team!.id}) as entries,
        (select count(*)::int from credit_holds where team_id = ${team!.id} and state = 'open') as open,
        (select coalesce(-sum(amount), 0)::float8 from credit_entries where team_id = ${team!.id} and reason = 'skipTraceHit') as charged,
        (select count(*)::int from credit_entries where team_id = ${team!.id}) as count`,
);
const tracedOnce = fake.asked.size === PROPERTIES && [...fake.asked.values()].every((n) => n === 1);
console.log(
  JSON.stringify({
    driver: database.driver,
    properties: PROPERTIES,
    latencyMs: LATENCY_MS,
    concurrency: CONCURRENCY,
    claimSize: BATCH,
    requests: fake.requests.length,
    seconds: +seconds.toFixed(2),
    propertiesPerSecond: Math.round(PROPERTIES / seconds),
    hits: state!.hits,
    ledgerEntries: check!.count,
    ruleHeld:
      state!.state === 'done' &&
      state!.done === PROPERTIES &&
      state!.hits === hits &&
      tracedOnce &&
      check!.open === 0 &&
      check!.charged === hits * PRICE &&
      check!.balance === check!.entries &&
      check!.balance === funded - hits * PRICE,
  }),
);
await fake.close();
await database.close();
