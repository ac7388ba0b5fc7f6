import { Worker } from 'node:worker_threads';
import { serverMessages, XLSX_LIMITS } from '@prospector/core';
import { tsWorkerScript } from '../../../lib/ts-worker.js';

export type XlsxWorkerMessage =
  { type: 'rows'; rows: string[][] } | { type: 'end' } | { type: 'error'; message: string; detail: string };

/** A workbook refused by its reader; `message` is what the user is told. */
export class XlsxReadError extends Error {}

/** At most `size` holders at once; the rest wait in order. */
function semaphore(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    async acquire(): Promise<() => void> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      };
    },
  };
}

export type XlsxReader = ReturnType<typeof createXlsxReader>;

/**
 * Reads .xlsx files in worker threads with a heap limit, `workers` at a time: each reader holds a
 * workbook's strings and exceljs itself (about 30 MB before any file), so the number of readers is
 * what bounds the server's memory when many workbooks arrive at once; the others wait their turn.
 */
export function createXlsxReader(opts: { workers: number }) {
  const slots = semaphore(opts.workers);
  let script: string | null = null;

  /** Rows of the workbook, header first. The caller may stop early: the worker is ended at once. */
  async function* rows(file: string): AsyncGenerator<string[]> {
    script ??= tsWorkerScript(new URL('./xlsx-worker.ts', import.meta.url));
    const release = await slots.acquire();
    let worker: Worker;
    try {
      worker = new Worker(script, {
        eval: true,
        // None of the server's flags: the script registers the only loader the thread needs.
        execArgv: [],
        workerData: { path: file },
        resourceLimits: { maxOldGenerationSizeMb: XLSX_LIMITS.heapMb, maxYoungGenerationSizeMb: 16 },
      });
    } catch (err) {
      release();
      throw err;
    }
    const inbox: XlsxWorkerMessage[] = [];
    let failure: Error | null = null;
    let exited = false;
    let wake: (() => void) | null = null;
    const signal = () => {
      const w = wake;
      wake = null;
      w?.();
    };
    worker.on('message', (m: XlsxWorkerMessage) => {
      inbox.push(m);
      signal();
    });
    worker.on('error', (err) => {
      failure = err;
      signal();
    });
    worker.on('exit', () => {
      exited = true;
      signal();
    });
    try {
      for (;;) {
        const m = inbox.shift();
        if (m?.type === 'rows') {
          worker.postMessage('more');
          yield* m.rows;
          continue;
        }
        if (m?.type === 'end') return;
        if (m?.type === 'error') throw new XlsxReadError(m.message, { cause: m.detail });
        if (failure) {
          // Out of heap: the workbook got past the caps and still needs too much memory.
          if ((failure as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY')
            throw new XlsxReadError(serverMessages.imports.xlsxTooComplex);
          throw failure;
        }
        if (exited) throw new XlsxReadError(serverMessages.lists.fileUnreadable);
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      await worker.terminate();
      release();
    }
  }

  return { rows };
}
