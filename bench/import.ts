/**
 * Child process of bench/run.ts: imports a BENCH_IMPORT_ROWS-row sheet (Nashville's real rows,
 * repeated with unit numbers, each with a phone and an owner) into a team that already holds
 * BENCH_RECORDS records, through the real upload and import calls; then COPYs the same file into a
 * bare table in the same database (the physical ceiling). Prints one JSON line, with peak RSS and the
 * live heap (after full collections) before, during and after the import, the import's time per phase
 * (read, normalise, stack, write, link: modules/lists/engine/chunks.ts says what each covers), the CPU time
 * this process spent on it (on PGlite the database's too; on a loaded machine the fairer figure to
 * compare), the CPU time of the PostgreSQL backends (read from /proc), the statements the import sent,
 * what the process waited on (page faults, file system writes, context switches) and the machine's load
 * average before and after: a per-row statement or a costlier one shows in counts and CPU whatever the
 * load. BENCH_CPU_PROFILE=<file> writes a CPU profile of the import alone.
 * PGlite keeps its data in a folder, as the server does (DATA_DIR), not in memory.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import path from 'node:path';
import { type PGlite } from '@electric-sql/pglite';
import { countPgliteStatements, countPostgresStatements, statementsSent } from './count-statements.js';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import * as schema from '../apps/server/src/db/schema/index.js';
import { buildApp } from '../apps/server/src/app.js';
import { sharedDataDir, testConfig } from '../apps/server/src/config.js';
import { createPglite, openPostgres, queryRows, wrapPglite } from '../apps/server/src/db/client.js';
import { PgliteThread } from '../apps/server/src/db/pglite-thread.js';
import { generateTeamData } from '../apps/server/src/scripts/generate.js';
import type { Mail, Mailer } from '../apps/server/src/providers/mail/index.js';
import { multipartFile } from '../apps/server/src/test/multipart.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const url = process.env.BENCH_DATABASE_URL;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prospector-bench-'));

if (url) countPostgresStatements();

// PGlite in a worker thread, as the server runs it (ADR 044); BENCH_PGLITE_IN_THREAD=1 runs it in this
// thread, as before 2026-11-28 (the figures in docs/scaling.md say which).
const PGLITE_IN_THREAD = process.env.BENCH_PGLITE_IN_THREAD === '1';
let pglite: PGlite | null = null;
const database = url
  ? openPostgres(url, 10)
  : PGLITE_IN_THREAD
    ? wrapPglite((pglite = countPgliteStatements(await createPglite(path.join(dataDir, 'pg')))))
    : wrapPglite(countPgliteStatements(await PgliteThread.open({ dataDir: path.join(dataDir, 'pg') })));
await database.migrate();
const outbox: Mail[] = [];
const mailer: Mailer = { kind: 'smtp', send: async (m) => void outbox.push(m), close: async () => {} };
const app = await buildApp(
  testConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DATA_DIR: dataDir,
    IMPORT_MAX_ROWS: 1_000_000,
  }),
  { database, mailer },
);
await app.ready();
const email = `bench-import-${Date.now()}@example.com`;
await app.inject({ method: 'POST', url: '/api/users/sendCode', payload: { email } });
const code = /login code: (\d{6})/.exec(outbox[0]!.subject)![1];
const { token, user } = (
  await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, code } })
).json();
const headers = { authorization: `Bearer ${token}` };

if (RECORDS) {
  const statuses = await database.db
    .select()
    .from(schema.statuses)
    .where(eq(schema.statuses.teamId, user.team._id));
  await generateTeamData(database.db, {
    teamId: user.team._id,
    contacts: RECORDS / 2,
    phonesPerContact: 3,
    messagesPerContact: 0,
    statusIds: statuses.map((s) => s.id),
    memberIds: [user._id],
    phoneBase: 2_000_000,
    now: new Date(),
  });
  await database.db.execute(sql`analyze`);
}

/** The sheet: real Nashville rows, cycled; each gets a unit number per cycle and its own phone. */
function buildSheet(rows: number): string {
  const source = Papa.parse<string[]>(
    readFileSync(
      path.join(sharedDataDir(), 'nashville-housing/Nashville Housing Data for Data Cleaning.csv'),
      'utf8',
    ).replace(/^\uFEFF/, ''),
    { skipEmptyLines: true },
  ).data;
  const [header, ...body] = source;
  const col = (name: string) => header!.findIndex((h) => h.trim() === name);
  const [addr, owner, land, year, beds] = [
    'PropertyAddress',
    'OwnerName',
    'LandUse',
    'YearBuilt',
    'Bedrooms',
  ].map(col);
  const lines = ['Address,City,Owner,Phone,Land use,Year built,Bedrooms'];
  for (let i = 0; i < rows; i += 1) {
    const r = body[i % body.length]!;
    const cycle = Math.floor(i / body.length);
    const [street, city] = (r[addr!] ?? '').split(',').map((s) => s.trim());
    const phone = `615${String(3_000_000 + i).padStart(7, '0')}`;
    const cells = [
      cycle ? `${street} Unit ${cycle}` : street,
      city,
      r[owner!],
      phone,
      r[land!],
      r[year!],
      r[beds!],
    ];
    lines.push(Papa.unparse([cells.map((c) => c ?? '')]));
  }
  return `${lines.join('\n')}\n`;
}
// Built in a function, so the parsed source rows are garbage before the import is measured.
const csv = buildSheet(ROWS);

/**
 * CPU ticks (1/100 s) of each of this database's PostgreSQL backends, read from /proc (the server is on
 * this machine); null on PGlite, whose database runs in this process (its CPU is in cpuMs).
 */
async function databaseTicks(): Promise<Map<number, number> | null> {
  if (!url || !existsSync('/proc/self/stat')) return null;
  const pids = await queryRows<{ pid: number }>(
    database.db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  const ticks = new Map<number, number>();
  for (const { pid } of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12])); // utime, stime
    } catch {
      // A backend that ended meanwhile.
    }
  }
  return ticks;
}

const { payload, contentType } = multipartFile('sheet.csv', csv);

// Live heap: what is left after a full garbage collection. V8 lets garbage pile up to a multiple of
// the live heap before it collects, so peak RSS rises with an import's first chunks whatever the file
// size; the live heap after each full collection is what would grow if rows were kept.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};
const heapBefore = liveHeap();
let heapAfterFullGcMax = 0;
const gcObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if (
      (entry.toJSON() as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR
    )
      heapAfterFullGcMax = Math.max(heapAfterFullGcMax, process.memoryUsage().heapUsed);
});
gcObserver.observe({ entryTypes: ['gc'] });
let peakRss = process.memoryUsage().rss;
const rssBefore = peakRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

const t0 = performance.now();
const up = await app.inject({
  method: 'POST',
  url: '/api/lists/upload',
  headers: { ...headers, 'content-type': contentType },
  payload,
});
const uploadMs = performance.now() - t0;
const loadBefore = os.loadavg()[0]!;
// BENCH_CPU_PROFILE=<file>: a CPU profile of this process during the import alone (open it in Chrome's
// DevTools); on PGlite it holds the database's time too, under PGlite's WebAssembly frames.
const profiler = process.env.BENCH_CPU_PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const dbTicksBefore = await databaseTicks();
const statementsBefore = statementsSent();
const cpuBefore = process.cpuUsage();
const usageBefore = process.resourceUsage();
const t1 = performance.now();
const started = await app.inject({
  method: 'POST',
  url: '/api/lists/import',
  headers,
  payload: {
    name: 'Bench',
    countryCode: '+1',
    fileId: up.json().fileId,
    fields: [
      { name: 'Address', type: 'property', matchesTo: 'Street1' },
      { name: 'City', type: 'property', matchesTo: 'City' },
      { name: 'Owner', type: 'contact', matchesTo: 'Full name' },
      { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
      { name: 'Land use', type: 'property', matchesTo: 'Use Description' },
      { name: 'Year built', type: 'property', matchesTo: 'Year Built' },
      { name: 'Bedrooms', type: 'property', matchesTo: 'Bedrooms' },
    ],
  },
});
if (started.statusCode !== 200) throw new Error(started.body);
await app.services.imports.idle(600_000);
const importMs = performance.now() - t1;
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  writeFileSync(process.env.BENCH_CPU_PROFILE!, JSON.stringify(profile));
  profiler.disconnect();
}
const cpu = process.cpuUsage(cpuBefore);
const usageAfter = process.resourceUsage();
// What this process waited on: page faults, file system blocks, and being switched out (voluntary:
// it waited on I/O or a lock; involuntary: the machine's load took its core).
const waits = Object.fromEntries(
  (
    [
      'majorPageFault',
      'minorPageFault',
      'fsRead',
      'fsWrite',
      'voluntaryContextSwitches',
      'involuntaryContextSwitches',
    ] as const
  ).map((k) => [k, usageAfter[k] - usageBefore[k]]),
);
const importStatements = statementsSent() - statementsBefore;
const dbTicksAfter = await databaseTicks();
// A backend opened during the import counts whole; one closed during it is missed (the pool keeps its
// connections while they are busy).
const dbCpuMs =
  dbTicksAfter &&
  [...dbTicksAfter].reduce((sum, [pid, t]) => sum + (t - (dbTicksBefore?.get(pid) ?? 0)) * 10, 0);
const loadAfter = os.loadavg()[0]!;
const listId = started.json().list._id as string;
const phases = app.services.imports.phases(listId);
if (!phases) throw new Error('the import worker kept no phase times for the bench list');
clearInterval(sampler);
gcObserver.disconnect();
const heapAfter = liveHeap();
const [list] = await database.db.select().from(schema.lists).where(eq(schema.lists.id, listId));

// The ceiling: COPY of the same file into a bare table of text columns.
await database.db.execute(
  sql`create table copy_bench (address text, city text, owner text, phone text, land text, year text, beds text)`,
);
const t2 = performance.now();
if (url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await pipeline(
    Readable.from([csv]),
    client.query(copyFrom('copy copy_bench from stdin with (format csv, header)')),
  );
  await client.end();
} else if (pglite) {
  await pglite.query(`copy copy_bench from '/dev/blob' with (format csv, header)`, [], {
    blob: new Blob([csv]),
  });
}
// A worker-thread PGlite takes no blob across the thread: no ceiling then.
const copyMs = url || pglite ? performance.now() - t2 : null;
await database.db.execute(sql`drop table copy_bench`);

console.log(
  JSON.stringify({
    driver: pglite || url ? database.driver : `${database.driver} (worker thread)`,
    rows: ROWS,
    baseRecords: RECORDS,
    uploadMs: Math.round(uploadMs),
    importMs: Math.round(importMs),
    phasesMs: Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, Math.round(v)])),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    databaseCpuMs: dbCpuMs,
    statements: importStatements,
    waits,
    load: [Math.round(loadBefore * 10) / 10, Math.round(loadAfter * 10) / 10],
    rowsPerSecond: Math.round(ROWS / (importMs / 1000)),
    copyMs: copyMs === null ? null : Math.round(copyMs),
    copyRowsPerSecond: copyMs === null ? null : Math.round(ROWS / (copyMs / 1000)),
    peakRssMb: Math.round(peakRss / 1e6),
    rssBeforeMb: Math.round(rssBefore / 1e6),
    liveHeapBeforeMb: Math.round(heapBefore / 1e6),
    liveHeapDuringMaxMb: heapAfterFullGcMax ? Math.round(heapAfterFullGcMax / 1e6) : null,
    liveHeapAfterMb: Math.round(heapAfter / 1e6),
    state: list?.state,
    result: list?.result,
  }),
);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
