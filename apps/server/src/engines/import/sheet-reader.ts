import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { messages } from '@prospector/core';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

export type SheetKind = 'csv' | 'xlsx';

/** A file that cannot be read as a spreadsheet; `message` is what the user is told. */
export class SheetError extends Error {}

/** Longest row we read, in characters: longer ones are a broken file (an unclosed quote, a binary). */
const MAX_ROW_CHARS = 100_000;
const QUEUE_HIGH = 2_000;

/**
 * What kind of spreadsheet a file is, from its first bytes (an .xlsx is a zip) and its name. NUL bytes
 * in a text file mean it is not a spreadsheet at all.
 */
export async function sniffSheet(path: string, fileName: string): Promise<SheetKind> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead === 0) throw new SheetError(messages.lists.fileEmpty);
    const bytes = head.subarray(0, bytesRead);
    const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
    if (isZip) {
      if (/\.xlsx$/i.test(fileName) || !/\.[a-z]+$/i.test(fileName)) return 'xlsx';
      throw new SheetError(messages.lists.fileType);
    }
    if (/\.(xlsx|xls|xlsm|ods)$/i.test(fileName)) throw new SheetError(messages.lists.fileType);
    if (bytes.includes(0)) throw new SheetError(messages.lists.fileBinary);
    return 'csv';
  } finally {
    await handle.close();
  }
}

/** UTF-8 decoding that refuses bytes that are not UTF-8 (a Latin-1 export would import garbled). */
function utf8Decoder(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _enc, cb) {
      try {
        if (chunk.includes(0)) return cb(new SheetError(messages.lists.fileBinary));
        cb(null, decoder.decode(chunk, { stream: true }));
      } catch {
        cb(new SheetError(messages.lists.fileEncoding));
      }
    },
    flush(cb) {
      try {
        const rest = decoder.decode();
        cb(null, rest || undefined);
      } catch {
        cb(new SheetError(messages.lists.fileEncoding));
      }
    },
  });
}

/** Rows of a CSV (any delimiter papaparse detects), streamed with backpressure; the header is row 1. */
async function* csvRows(path: string): AsyncGenerator<string[]> {
  const file = createReadStream(path);
  const source: Readable = file.pipe(utf8Decoder());
  // pipe() does not pass a read error on: a vanished file must end the parse, not stall it.
  file.on('error', (err) => source.destroy(err));
  const queue: string[][] = [];
  let finished = false;
  let failure: Error | null = null;
  let parser: Papa.Parser | null = null;
  let paused = false;
  let wake: (() => void) | null = null;
  let rowNumber = 0;
  const signal = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  source.on('error', (err) => {
    failure = err instanceof SheetError ? err : new SheetError(messages.lists.fileUnreadable);
    signal();
  });

  Papa.parse<string[]>(source as unknown as NodeJS.ReadableStream & File, {
    delimiter: '',
    skipEmptyLines: 'greedy',
    chunk: (results, p) => {
      parser = p;
      for (let i = 0; i < results.data.length; i += 1) {
        const row = results.data[i]!;
        rowNumber += 1;
        if (row.reduce((n, cell) => n + cell.length, 0) > MAX_ROW_CHARS) {
          failure ??= new SheetError(messages.lists.rowTooLong.replace('{row}', String(rowNumber)));
          p.abort();
          break;
        }
        queue.push(row);
      }
      const quote = results.errors.find((e) => e.code === 'MissingQuotes');
      if (quote && !failure) {
        const row = (quote.row ?? rowNumber - 1) + 1;
        failure = new SheetError(messages.lists.unbalancedQuotes.replace('{row}', String(row)));
        p.abort();
      }
      if (queue.length >= QUEUE_HIGH && !failure) {
        paused = true;
        p.pause();
      }
      signal();
    },
    complete: () => {
      finished = true;
      signal();
    },
    error: (err: Error) => {
      failure ??= err instanceof SheetError ? err : new SheetError(messages.lists.fileUnreadable);
      signal();
    },
  });

  try {
    for (;;) {
      if (failure) throw failure;
      const row = queue.shift();
      if (row) {
        if (paused && queue.length < QUEUE_HIGH / 4) {
          paused = false;
          (parser as Papa.Parser | null)?.resume();
        }
        yield row;
        continue;
      }
      if (finished) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    source.destroy();
    file.destroy();
  }
}

/** A cell of an .xlsx as text: dates as YYYY-MM-DD, formulas by their result, rich text flattened. */
export function xlsxCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return xlsxCellText((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/** Rows of the first worksheet of an .xlsx, streamed (shared strings are cached, cells are not). */
async function* xlsxRows(path: string): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  try {
    for await (const sheet of reader) {
      let width = 0;
      for await (const row of sheet) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1);
        const cells = values.map(xlsxCellText);
        if (width === 0) width = cells.length;
        while (cells.length < width) cells.push('');
        if (cells.every((c) => c.trim() === '')) continue;
        if (cells.reduce((n, c) => n + c.length, 0) > MAX_ROW_CHARS)
          throw new SheetError(messages.lists.rowTooLong.replace('{row}', String(row.number)));
        yield cells;
      }
      return;
    }
  } catch (err) {
    if (err instanceof SheetError) throw err;
    throw new SheetError(messages.lists.fileBinary);
  }
}

/** Every row of a spreadsheet file, header first, as text cells. Throws SheetError for a broken file. */
export function readSheet(path: string, kind: SheetKind): AsyncGenerator<string[]> {
  return kind === 'xlsx' ? xlsxRows(path) : csvRows(path);
}

/** The header row as column names: blank names become 'Column N', repeated ones get ' (2)', ' (3)'. */
export function columnNames(header: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((raw, i) => {
    const base = raw.trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}
