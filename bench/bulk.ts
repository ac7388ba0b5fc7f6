/**
 * A bulk assign (issue 32 item 2, ADR 037): BENCH_BULK_RECORDS (100,000) records with a text, all
 * selected through the Messenger's filter and assigned to one member by the job engine, on the
 * database at BENCH_DATABASE_URL (PostgreSQL; PGlite without it). Target: ≤ 10 s for the job on
 * PostgreSQL, from the start (selection fixed) to the result line. Prints one JSON line.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createPglite, openPostgres, queryRows, wrapPglite } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import type { AuthContext } from '../apps/server/src/lib/auth-context.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import {
  createBulkEngine,
  createBulkService,
  type BulkPorts,
} from '../apps/server/src/modules/records/index.js';
import type { Realtime } from '../apps/server/src/plugins/realtime.js';

const RECORDS = Number(process.env.BENCH_BULK_RECORDS ?? 100_000);
const CHUNK = Number(process.env.BENCH_BULK_CHUNK ?? 2_000);
const url = process.env.BENCH_DATABASE_URL;
const progress = (text: string) => process.stderr.write(`bulk: ${text}\n`);

const database = url ? openPostgres(url, 10) : wrapPglite(await createPglite());
await database.migrate();
const { db } = database;

const [team] = await db.insert(schema.teams).values({ name: 'Bulk bench' }).returning();
const [admin, maya] = await db
  .insert(schema.users)
  .values([
    { teamId: team!.id, email: `bulk-admin-${Date.now()}@example.com`, role: 'admin', name: 'Ada' },
    { teamId: team!.id, email: `bulk-maya-${Date.now()}@example.com`, role: 'member', name: 'Maya' },
  ])
  .returning();
progress(`inserting ${RECORDS} records`);
await db.execute(sql`
  insert into items (team_id, type, data, search_text, last_message, last_activity_at, created_at, updated_at)
  select ${team!.id}, 'contact', jsonb_build_object('First name', 'Lead', 'Last name', 'N' || g), 'lead n' || g,
    jsonb_build_object('body', 'Hi', 'createdAt', now(), 'leadIdt', null, 'direction', 'out'),
    now() - (g || ' seconds')::interval, now(), now()
  from generate_series(1, ${RECORDS}::int) g`);
await db.execute(sql`analyze items`);

/** An assign asks nothing of the calls or lists modules. */
function noPorts(): BulkPorts {
  throw new Error('the assign bench needs no other module');
}
const realtime = { toUser: () => {}, toTeam: () => {} } as unknown as Realtime;
const engine = createBulkEngine({
  db,
  clock: systemClock,
  realtime: () => realtime,
  log: pino({ level: 'warn' }),
  leaseMs: 60_000,
  chunkSize: CHUNK,
  pollMs: 60_000,
  enabled: true,
  ports: noPorts,
});
const bulk = createBulkService({ db, clock: systemClock, engine, realtime: () => realtime, ports: noPorts });
const auth = {
  sessionId: 'bench',
  userId: admin!.id,
  teamId: team!.id,
  user: { _id: admin!.id, role: 'admin', permissions: [], dataAccess: 'All data' },
  secondFactorAt: null,
  impersonatorId: null,
} as unknown as AuthContext;

progress('assigning');
const started = performance.now();
const job = await bulk.start(auth, {
  selection: { kind: 'messenger', filter: { inboxType: 'all', selectedStatuses: [], onlyMine: false } },
  action: { type: 'assign', memberId: maya!.id },
});
if (!job.ok) throw new Error(job.code);
const selectedMs = performance.now() - started;
await engine.idle();
const totalMs = performance.now() - started;
const done = await bulk.get(auth, job.value._id);
const [check] = await queryRows<{ n: number }>(
  db,
  sql`select count(*)::int as n from items where team_id = ${team!.id} and ${maya!.id}::uuid = any(assigned_to)`,
);
console.log(
  JSON.stringify({
    driver: url ? 'postgres' : 'pglite',
    records: RECORDS,
    chunk: CHUNK,
    selection_ms: Math.round(selectedMs),
    job_ms: Math.round(totalMs),
    target_ms: 10_000,
    per_1000_ms: Math.round((totalMs / RECORDS) * 1000 * 10) / 10,
    assigned: Number(check!.n),
    result: done.ok ? done.value.result : null,
  }),
);
await database.close();
