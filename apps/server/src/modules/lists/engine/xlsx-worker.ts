/**
 * Worker thread entry: reads one .xlsx (workerData.path) and posts its rows in batches, one batch
 * ahead of the reader (the main thread grants each next batch with 'more'). It runs with a heap limit
 * (xlsx-reader.ts), so a workbook that gets past the caps and still eats memory kills only this thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { serverMessages } from '@prospector/core/server-messages';
import { readXlsxRows, XlsxError } from './xlsx-rows.js';
import type { XlsxWorkerMessage } from './xlsx-reader.js';

const BATCH_ROWS = 500;
const port = parentPort!;
let credit = 1;
let wake: (() => void) | null = null;
port.on('message', (m) => {
  if (m !== 'more') return;
  credit += 1;
  wake?.();
});

const post = (m: XlsxWorkerMessage) => port.postMessage(m);

async function send(rows: string[][]) {
  while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
  credit -= 1;
  post({ type: 'rows', rows });
}

/** Top level: the thread loads this file as CommonJS (xlsx-reader.ts), where there is no top-level await. */
async function main() {
  try {
    let batch: string[][] = [];
    for await (const row of readXlsxRows((workerData as { path: string }).path)) {
      batch.push(row);
      if (batch.length < BATCH_ROWS) continue;
      await send(batch);
      batch = [];
    }
    if (batch.length) await send(batch);
    post({ type: 'end' });
  } catch (err) {
    // A string or array past V8's own length limit is a workbook too big to read, as running out of heap is.
    const message =
      err instanceof XlsxError
        ? err.message
        : err instanceof RangeError
          ? serverMessages.imports.xlsxTooComplex
          : serverMessages.lists.fileBinary;
    post({ type: 'error', message, detail: String(err) });
  }
}

void main();
