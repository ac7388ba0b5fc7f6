import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  importProgress,
  importTargets,
  mayReadRecord,
  type ImportResult,
  type PhoneOrigin,
} from '@prospector/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { setPhoneOrigin } from '../../../db/phone-origin.js';
import type { Clock } from '../../../lib/clock.js';
import type { DomainEvents } from '../../../lib/domain-events.js';
import type { Realtime } from '../../../plugins/realtime.js';
import { addTally, commitInOrder, noPhases, readChunks, type Chunk, type ImportPhases } from './chunks.js';
import * as q from './import.queries.js';
import { prepareRow, type ColumnPlan } from './prepare-row.js';
import { readSheet, columnNames, SheetError } from './sheet-reader.js';
import { contactCreatedEvents, stackChunk } from './stack-chunk.js';
import { sweepUploads } from './upload-sweep.js';
import type { XlsxReader } from './xlsx-reader.js';

/**
 * The system targets a mapping may name; any other `matchesTo` is a custom field id (the import call
 * checked it against the team's fields). Custom field ids are any strings, not only uuids.
 */
const SYSTEM_TARGETS = new Set(importTargets().map((t) => `${t.type}:${t.matchesTo}`));

/** How many finished imports' phase times the worker keeps for `phases()` (the bench reads them). */
const PHASES_KEPT = 20;

/** No member's id: what an import stacks for when its importer has left the team. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** How often the loop sweeps expired uploads: a small fraction of any sensible TTL. */
const SWEEP_EVERY_MS = 15 * 60_000;

type Job = q.JobRow;
type List = q.ListRow;
export type ImportWorker = ReturnType<typeof createImportWorker>;

/**
 * Runs imports in the background, one at a time per process. A job is claimed with FOR UPDATE SKIP
 * LOCKED and leased: the lease is renewed with every chunk, so a job whose process died is taken over
 * once its lease runs out, and one whose process stopped cleanly is released at once. Each chunk
 * commits its rows together with the list's `rows_done`, so a resumed job skips exactly what is done.
 * The next chunk is read and planned while the database stacks the current one.
 */
export function createImportWorker(deps: {
  db: Db;
  clock: Clock;
  realtime: () => Realtime;
  log: FastifyBaseLogger;
  dataDir: string;
  leaseMs: number;
  pollMs: number;
  xlsx: XlsxReader;
  /** Unimported uploads older than this are swept (at start, then every SWEEP_EVERY_MS). */
  uploadTtlHours: number;
  notContactedId: (teamId: string) => Promise<string | null>;
  /** The database runs one transaction at a time (PGlite): see StackContext's `exclusive`. */
  exclusive?: boolean;
  /** Builds the list's card for the `listImported` event. */
  listDto: (row: List) => unknown;
  /** Subscriptions hear `list.imported` (ADR 045). */
  events?: DomainEvents;
}) {
  const { db, clock, log } = deps;
  const workerId = randomUUID();
  let loop: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  /** Phase times of the last PHASES_KEPT imports this process ran (resumed ones: from the resume). */
  const phaseTimes = new Map<string, ImportPhases>();

  async function claim(): Promise<Job | null> {
    const now = clock.now();
    return q.claimJob(db, workerId, now, new Date(now.getTime() - deps.leaseMs));
  }

  async function finish(job: Job, state: 'imported' | 'failed', error: string | null) {
    const list = await q.finishJob(db, job.listId, state, error, clock.now());
    if (list)
      deps
        .realtime()
        .toTeam(list.teamId, 'listImported', { listId: list.id, list: deps.listDto(list) as never });
    if (list)
      deps.events?.publish(list.teamId, 'list.imported', {
        listId: list.id,
        name: list.name,
        state,
        itemCount: list.itemCount,
        at: clock.now().toISOString(),
      });
  }

  async function run(job: Job) {
    const { list, upload } = await q.findListAndUpload(db, job);
    if (!list || !upload) return;
    const file = path.join(deps.dataDir, upload.path);
    const columns = columnNames(upload.columns);
    const plan: ColumnPlan[] = (job.fields as q.ImportFieldMapping[]).map((f) => ({
      index: columns.indexOf(f.name),
      type: f.type,
      target: f.matchesTo,
      custom: !SYSTEM_TARGETS.has(`${f.type}:${f.matchesTo}`),
      number: f.number === true,
      column: f.name,
    }));
    const phases = noPhases();
    phaseTimes.delete(list.id);
    phaseTimes.set(list.id, phases);
    if (phaseTimes.size > PHASES_KEPT) phaseTimes.delete(phaseTimes.keys().next().value!);
    const importer = await q.findImporter(db, list.createdBy);
    const origin: PhoneOrigin = {
      source: 'import',
      listId: list.id,
      listName: list.name,
      fileName: upload.fileName,
      ...(importer ? { userId: importer.id, userName: importer.name } : {}),
    };
    const commit = committer(
      job,
      list,
      { notContactedId: await deps.notContactedId(list.teamId), restrictedTo: await restrictedTo(list) },
      phases,
      origin,
    );
    log.info({ listId: list.id, from: list.rowsDone, attempt: job.attempts }, 'import claimed');
    try {
      const chunks = readChunks(
        readSheet(file, upload.kind, deps.xlsx),
        list.rowsDone,
        (cells, tally) => prepareRow(cells, plan, job.countryCode, tally),
        job.rowLimit,
        phases,
      );
      if (!(await commitInOrder(chunks, commit, () => stopping))) return;
      // The tables' statistics serve the list's pages and the next chunk's plans: part of writing.
      const analyzeFrom = performance.now();
      await q.analyzeImportedTables(db);
      phases.write += performance.now() - analyzeFrom;
      await finish(job, 'imported', null);
      await rm(file, { force: true });
      const ms = Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, Math.round(v)]));
      log.info({ listId: list.id, rows: list.totalRows, phasesMs: ms }, 'import finished');
    } catch (err) {
      if (err instanceof LeaseLost) return;
      const message = err instanceof SheetError ? err.message : 'The import stopped on an unexpected error.';
      log.error({ err, listId: list.id }, 'import failed');
      await finish(job, 'failed', message);
      // A failed list cannot be imported again (its upload is claimed): the file only took room.
      await rm(file, { force: true });
    }
  }

  /**
   * Commits one chunk: its records, the lease and the list's progress and counts in one transaction,
   * then tells the team's browsers. Throws LeaseLost when another worker has taken the job over.
   */
  /**
   * Whom the import stacks for: null when its importer reads every record; else their id (a nobody's
   * id when they have left the team), so records they may not open stay unchanged (ADR 031).
   */
  async function restrictedTo(list: List): Promise<string | null> {
    const importer = await q.findImporter(db, list.createdBy);
    if (!importer) return NOBODY;
    return mayReadRecord(importer, []) ? null : importer.id;
  }

  function committer(
    job: Job,
    list: List,
    who: { notContactedId: string | null; restrictedTo: string | null },
    phases: ImportPhases,
    origin: PhoneOrigin,
  ) {
    const result: ImportResult = structuredClone(list.result);
    let counts = { itemCount: list.itemCount, propCount: list.propCount, compCount: list.compCount };
    return async (chunk: Chunk) => {
      // The transaction's own phases: the next chunk's reading and planning add to `phases` meanwhile.
      const inside = noPhases();
      const txFrom = performance.now();
      const now = clock.now();
      let made: ReturnType<typeof contactCreatedEvents> = [];
      const kept = await db.transaction(async (tx) => {
        // Still ours? A worker that lost its lease must not write.
        if (!(await q.renewLease(tx, job.listId, workerId, clock.now()))) return false;
        await q.commitWithoutFlush(tx);
        addTally(result, chunk.tally);
        if (chunk.plan.rowCount) await setPhoneOrigin(tx, origin);
        const added = chunk.plan.rowCount
          ? await stackChunk(
              tx,
              { teamId: list.teamId, listId: list.id, now, ...who, exclusive: deps.exclusive },
              chunk.plan,
              result,
              inside,
            )
          : { contacts: 0, properties: 0, companies: 0, newContacts: [] };
        made = contactCreatedEvents(added.newContacts, { listId: list.id, now, source: 'import' });
        counts = {
          itemCount: counts.itemCount + added.contacts,
          propCount: counts.propCount + added.properties,
          compCount: counts.compCount + added.companies,
        };
        result.rowsRead = chunk.lastRow;
        await q.saveProgress(tx, list.id, { rowsDone: chunk.lastRow, result, ...counts });
        return true;
      });
      // The lease, the progress and the commit count as writing.
      inside.write = performance.now() - txFrom - inside.stack - inside.link;
      for (const k of ['stack', 'write', 'link'] as const) phases[k] += inside[k];
      if (!kept) throw new LeaseLost();
      // Every contact the chunk made, once it committed: one delivery each per subscription (ADR 045 addendum).
      deps.events?.publishAll(list.teamId, 'contact.created', made);
      deps.realtime().toTeam(list.teamId, 'listProgress', {
        listId: list.id,
        rowsDone: chunk.lastRow,
        totalRows: list.totalRows,
        progress: importProgress(chunk.lastRow, list.totalRows),
      });
    };
  }

  let lastSweep = Number.NEGATIVE_INFINITY;
  async function sweep() {
    const now = clock.now();
    lastSweep = now.getTime();
    const swept = await sweepUploads({ db, dataDir: deps.dataDir, now, ttlHours: deps.uploadTtlHours });
    if (swept.uploads || swept.orphans) log.info(swept, 'expired uploads deleted');
    return swept;
  }

  async function drain() {
    if (clock.now().getTime() - lastSweep >= SWEEP_EVERY_MS)
      await sweep().catch((err: unknown) => log.warn({ err }, 'could not sweep expired uploads'));
    do {
      again = false;
      for (;;) {
        if (stopping) return;
        const job = await claim();
        if (!job) break;
        await run(job);
      }
    } while (again && !stopping);
  }

  function kick() {
    if (stopping) return;
    if (loop) {
      again = true;
      return;
    }
    loop = drain()
      .catch((err: unknown) => log.error({ err }, 'import worker failed'))
      .finally(() => {
        loop = null;
      });
  }

  return {
    workerId,
    kick,
    /** Deletes expired uploads now (the loop does it every SWEEP_EVERY_MS); answers what it deleted. */
    sweepUploads: sweep,
    start() {
      stopping = false;
      timer = setInterval(kick, deps.pollMs);
      timer.unref();
      kick();
    },
    /** Stops after the current chunk and hands this process's running jobs back to the queue. */
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await loop;
      try {
        await q.releaseJobs(db, workerId);
      } catch (err) {
        // The database is gone already: the job's lease runs out and another process resumes it.
        log.warn({ err: (err as Error).message }, 'could not hand running imports back');
      }
    },
    /**
     * Where the time of an import this process ran went (the last PHASES_KEPT), in ms; undefined for
     * others. Read by the bench, so the phase of a regression is named.
     */
    phases(listId: string): ImportPhases | undefined {
      const p = phaseTimes.get(listId);
      return p && { ...p };
    },
    /** Resolves when no job is queued or running (tests, the bench). */
    async idle(timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        // No statement while the loop runs: on PGlite each would queue between the import's own.
        if (!loop && !(await q.countActiveJobs(db))) return;
        if (Date.now() > until) throw new Error('imports did not finish in time');
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}

class LeaseLost extends Error {}
