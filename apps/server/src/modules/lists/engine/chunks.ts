import { setImmediate as nextTurn } from 'node:timers/promises';
import { emptyImportResult, type ImportResult } from '@prospector/core';
import type { PreparedRow } from './prepare-row.js';
import { planChunk, type ChunkPlan } from './plan-chunk.js';

export const IMPORT_CHUNK_ROWS = 1000;

/**
 * Lets socket callbacks run every few rows (~0.3 ms of work), so the commit under way sends its next
 * statement as soon as the database answers: every 32 rows left ~0.5 s per 100,000 rows of waiting.
 */
const YIELD_EVERY_ROWS = 8;

/**
 * The rows of one commit: the file's rows after the last commit up to `lastRow` (counted from 1 after
 * the header), planned, with the invalid values and dropped rows among them.
 */
export type Chunk = { plan: ChunkPlan; tally: ImportResult; lastRow: number };

/**
 * Where an import's time went, in milliseconds of wall time on the worker's path: reading the file's
 * rows (`read`), normalising them (`normalise`), grouping them into records and deciding which exist
 * (`stack`: the plan, the chunk's lookup and the merge), writing the records, their phones and keys and
 * committing (`write`), and writing the links and list rows (`link`). The file is read, normalised and
 * planned while the database writes the chunk before, so on PostgreSQL the phases add up to more than
 * the import's time; on PGlite, which runs in the same thread, to about as much.
 */
export type ImportPhases = { read: number; normalise: number; stack: number; write: number; link: number };

export const noPhases = (): ImportPhases => ({ read: 0, normalise: 0, stack: 0, write: 0, link: 0 });

/** Runs `fn` and adds its wall time to `phases[phase]`. */
export async function timed<T>(phases: ImportPhases, phase: keyof ImportPhases, fn: () => Promise<T>) {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    phases[phase] += performance.now() - start;
  }
}

/**
 * The file's rows after the header, prepared and planned, in chunks of IMPORT_CHUNK_ROWS rows; the
 * first `rowsDone` rows (committed before a restart) are skipped, and reading stops after row `lastRow`
 * when the import takes only the file's first rows. Each chunk counts its own invalid phones, e-mails
 * and dropped rows, so those counts reach the list together with the chunk's rows.
 */
export async function* readChunks(
  sheet: AsyncIterable<readonly string[]>,
  rowsDone: number,
  prepare: (cells: readonly string[], tally: ImportResult) => PreparedRow | { dropped: string },
  rowLimit: number | null = null,
  phases: ImportPhases = noPhases(),
): AsyncGenerator<Chunk> {
  let rows: PreparedRow[] = [];
  let tally = emptyImportResult();
  let lastRow = rowsDone;
  let rowIndex = -1;
  const plan = (planned: PreparedRow[]) => timed(phases, 'stack', () => planChunk(planned));
  const rowsOfSheet = sheet[Symbol.asyncIterator]();
  try {
    for (;;) {
      const readFrom = performance.now();
      const next = await rowsOfSheet.next();
      phases.read += performance.now() - readFrom;
      if (next.done) break;
      rowIndex += 1;
      // Leaving the loop closes the sheet (finally, below): the rest of the file is never read.
      if (rowLimit !== null && rowIndex > rowLimit) break;
      if (rowIndex === 0 || rowIndex <= rowsDone) continue;
      if (rowIndex % YIELD_EVERY_ROWS === 0) await nextTurn();
      const normaliseFrom = performance.now();
      const prepared = prepare(next.value, tally);
      phases.normalise += performance.now() - normaliseFrom;
      if ('dropped' in prepared) tally.dropped[prepared.dropped] = (tally.dropped[prepared.dropped] ?? 0) + 1;
      else rows.push(prepared);
      lastRow = rowIndex;
      if (lastRow - rowsDone >= IMPORT_CHUNK_ROWS) {
        yield { plan: await plan(rows), tally, lastRow };
        rowsDone = lastRow;
        rows = [];
        tally = emptyImportResult();
      }
    }
  } finally {
    await rowsOfSheet.return?.();
  }
  yield { plan: await plan(rows), tally, lastRow };
}

/**
 * Commits the chunks one at a time and in file order while the next one is read: the database stacks
 * chunk N while this process parses and plans chunk N + 1. Returns false when `stopping()` says to stop
 * after a commit; the chunk read ahead is dropped, and a resumed job reads it again.
 */
export async function commitInOrder(
  chunks: AsyncIterable<Chunk>,
  commit: (chunk: Chunk) => Promise<void>,
  stopping: () => boolean,
): Promise<boolean> {
  let pending: Promise<void> | null = null;
  try {
    for await (const chunk of chunks) {
      if (pending) await pending;
      if (stopping()) return false;
      pending = commit(chunk);
      // Awaited above or below; until then its failure must not count as unhandled.
      pending.catch(() => {});
    }
    if (pending) await pending;
    return true;
  } catch (err) {
    // The file broke further down (or a commit failed): the commit under way ends before the job does.
    await pending?.catch(() => {});
    throw err;
  }
}

/** Adds a chunk's counts of invalid values and dropped rows to the import's result. */
export function addTally(result: ImportResult, tally: ImportResult) {
  result.invalidPhones += tally.invalidPhones;
  result.invalidEmails += tally.invalidEmails;
  result.unknownCountries = (result.unknownCountries ?? 0) + (tally.unknownCountries ?? 0);
  if (tally.notNumbers) {
    const into = (result.notNumbers ??= {});
    for (const [column, n] of Object.entries(tally.notNumbers)) into[column] = (into[column] ?? 0) + n;
  }
  for (const [reason, n] of Object.entries(tally.dropped))
    result.dropped[reason] = (result.dropped[reason] ?? 0) + n;
}
