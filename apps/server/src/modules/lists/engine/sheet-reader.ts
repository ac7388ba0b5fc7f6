import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { IMPORT_PREVIEW_ROWS, messages, serverMessages } from '@prospector/core';
import Papa from 'papaparse';
import { XlsxReadError, type XlsxReader } from './xlsx-reader.js';

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
    if (bytesRead === 0) throw new SheetError(serverMessages.lists.fileEmpty);
    const bytes = head.subarray(0, bytesRead);
    const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
    if (isZip) {
      if (/\.xlsx$/i.test(fileName) || !/\.[a-z]+$/i.test(fileName)) return 'xlsx';
      throw new SheetError(messages.lists.fileType);
    }
    if (/\.(xlsx|xls|xlsm|ods)$/i.test(fileName)) throw new SheetError(messages.lists.fileType);
    if (bytes.includes(0)) throw new SheetError(serverMessages.lists.fileBinary);
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
        if (chunk.includes(0)) return cb(new SheetError(serverMessages.lists.fileBinary));
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

/**
 * The longest a row's text may run before its end is seen, in characters: a row within MAX_ROW_CHARS
 * of cell text is at most twice that with its quotes doubled, plus a delimiter per cell. Past it the
 * row is refused at once, rather than papaparse holding the rest of the file as one unfinished row
 * (an unclosed quote) and parsing it again with every chunk.
 */
const MAX_PENDING_CHARS = 4 * MAX_ROW_CHARS;

/**
 * Rows of a CSV (any delimiter papaparse detects), streamed with backpressure; the header is row 1.
 * Blank rows are skipped but still counted, so a row number in a message is the file's, as a
 * spreadsheet shows it.
 */
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
  /** Rows papaparse handed over in earlier chunks, blank ones included. */
  let rowsBefore = 0;
  /** Characters papaparse has been given; it parses each chunk as it arrives. */
  let charsIn = 0;
  const signal = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const refuse = (p: Papa.Parser, message: string, row: number) => {
    failure ??= new SheetError(message.replace('{row}', String(row)));
    p.abort();
  };
  source.on('error', (err) => {
    failure = err instanceof SheetError ? err : new SheetError(serverMessages.lists.fileUnreadable);
    signal();
  });
  // Registered before papaparse's own listener, so the count includes the chunk it is parsing.
  source.on('data', (text: string) => {
    charsIn += text.length;
  });

  Papa.parse<string[]>(source as unknown as NodeJS.ReadableStream & File, {
    delimiter: '',
    chunk: (results, p) => {
      parser = p;
      // papaparse numbers an error's row within the chunk, blank rows included.
      const quote = results.errors.find((e) => e.code === 'MissingQuotes');
      const quoteAt = quote ? (quote.row ?? results.data.length - 1) : results.data.length;
      for (let i = 0; i < results.data.length && i < quoteAt && !failure; i += 1) {
        const row = results.data[i]!;
        if (row.join('').trim() === '') continue;
        if (row.reduce((n, cell) => n + cell.length, 0) > MAX_ROW_CHARS)
          refuse(p, serverMessages.lists.rowTooLong, rowsBefore + i + 1);
        else queue.push(row);
      }
      if (quote) refuse(p, serverMessages.lists.unbalancedQuotes, rowsBefore + quoteAt + 1);
      rowsBefore += results.data.length;
      if (!failure && charsIn - results.meta.cursor > MAX_PENDING_CHARS)
        refuse(p, serverMessages.lists.rowTooLong, rowsBefore + 1);
      if (queue.length >= QUEUE_HIGH && !failure) {
        paused = true;
        p.pause();
        // The parser's pause does not stop its stream: papaparse would queue the rest of the file.
        source.pause();
      }
      signal();
    },
    complete: () => {
      finished = true;
      signal();
    },
    error: (err: Error) => {
      failure ??= err instanceof SheetError ? err : new SheetError(serverMessages.lists.fileUnreadable);
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
          source.resume();
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

/** Rows of an .xlsx, read in a worker thread (xlsx-reader.ts); its refusals are SheetErrors here. */
async function* xlsxRows(path: string, xlsx: XlsxReader): AsyncGenerator<string[]> {
  try {
    yield* xlsx.rows(path);
  } catch (err) {
    if (err instanceof XlsxReadError) throw new SheetError(err.message, { cause: err });
    throw err;
  }
}

/** Every row of a spreadsheet file, header first, as text cells. Throws SheetError for a broken file. */
export function readSheet(path: string, kind: SheetKind, xlsx: XlsxReader): AsyncGenerator<string[]> {
  return kind === 'xlsx' ? xlsxRows(path, xlsx) : csvRows(path);
}

/**
 * What the import screen shows of a file before mapping: its header, first rows and row count. Reading
 * stops one row past `maxRows` (then `rowCount` is `maxRows + 1`): the rest of an oversized file is
 * never read.
 */
export async function surveySheet(
  path: string,
  kind: SheetKind,
  xlsx: XlsxReader,
  maxRows: number,
): Promise<{ header: string[] | null; preview: string[][]; rowCount: number }> {
  let header: string[] | null = null;
  const preview: string[][] = [];
  let rowCount = 0;
  for await (const row of readSheet(path, kind, xlsx)) {
    if (!header) {
      header = row;
      continue;
    }
    rowCount += 1;
    if (rowCount > maxRows) break;
    if (preview.length < IMPORT_PREVIEW_ROWS) preview.push(row.slice(0, header.length));
  }
  return { header, preview, rowCount };
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
