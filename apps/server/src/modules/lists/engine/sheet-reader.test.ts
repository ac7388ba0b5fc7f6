import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSheet } from './sheet-reader.js';
import { createXlsxReader } from './xlsx-reader.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'prospector-sheet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const xlsx = createXlsxReader({ workers: 1 });

function csvFile(name: string, text: string) {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** A header and `n` ordinary rows (rows 2 to n + 1 of the file), about 60 characters each. */
const rows = (n: number) =>
  'Name,Phone,Street,City\n' +
  Array.from(
    { length: n },
    (_, i) => `Owner ${i},(334) 793-${String(1000 + i).slice(-4)},${i} Main St,Mobile\n`,
  ).join('');

/** Reads the whole file; answers the rows read and the refusal's message, if any. */
async function readAll(file: string) {
  let count = 0;
  try {
    for await (const row of readSheet(file, 'csv', xlsx)) if (row) count += 1;
    return { count, error: null };
  } catch (err) {
    return { count, error: (err as Error).message };
  }
}

describe('reading a CSV', () => {
  it("names an unclosed quote deep in the file by the file's row, not by its row within papaparse's chunk", async () => {
    // 5,000 rows span several of papaparse's chunks; the quote opens on row 5,002 and never closes.
    const file = csvFile(
      'deep-quote.csv',
      `${rows(5_000)}"Unclosed,(334) 793-0000,1 Elm St,Mobile\nlast,row,of,file\n`,
    );
    expect((await readAll(file)).error).toBe('Row 5002 has a quote that is never closed.');
  });

  it('counts blank lines in row numbers, as a spreadsheet shows them', async () => {
    const file = csvFile('blanks.csv', `Name,Notes\n\nAnn,short\n\nBob,${'x'.repeat(100_001)}\n`);
    expect(await readAll(file)).toEqual({ count: 2, error: 'Row 5 is longer than 100,000 characters.' });
  });

  it('refuses an unclosed quote near the top of a 19 MB file at once, not holding the rest as one row', async () => {
    // papaparse keeps an unfinished row and parses it again with every chunk: the whole file, over
    // and over, in memory (about 220 MB of heap for this file). The row is refused as soon as it
    // outgrows any real row.
    const file = csvFile(
      'early-quote.csv',
      `Name,Phone\n"open,123\n${'John Smith,555-123-4567\n'.repeat(800_000)}`,
    );
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 2);
    const result = await readAll(file);
    clearInterval(sampler);
    expect(result).toEqual({ count: 1, error: 'Row 2 is longer than 100,000 characters.' });
    expect(peak - before).toBeLessThan(32 * 1024 * 1024);
  });

  it('holds the file back while the reader is slow: papaparse does not queue the rest of a 50 MB CSV', async () => {
    // Written in slices, so the test's own garbage does not hide what the reader holds.
    const file = csvFile('big.csv', rows(10_000));
    for (let i = 0; i < 99; i += 1) appendFileSync(file, rows(10_000).slice(rows(0).length));
    const reader = readSheet(file, 'csv', xlsx);
    await reader.next();
    const before = process.memoryUsage().heapUsed;
    // Without backpressure papaparse reads the whole file into its queue while the reader waits.
    let grown = 0;
    for (let i = 0; i < 30; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      grown = Math.max(grown, process.memoryUsage().heapUsed - before);
    }
    await reader.return(undefined);
    expect(grown, String(grown)).toBeLessThan(20 * 1024 * 1024);
  });
});
