import type { Readable } from 'node:stream';
// Subpaths, not the package: this file runs in a worker thread, which need not load all of core.
import { serverMessages } from '@prospector/core/server-messages';
import { XLSX_LIMITS, xlsxLimitMessage, type XlsxPart } from '@prospector/core/rules/imports';
import ExcelJS from 'exceljs';
import { openZipEntry, readZipDirectory, ZipEntryTooLarge, type ZipEntry } from './zip-directory.js';

/** A workbook that cannot be read; `message` is what the user is told. */
export class XlsxError extends Error {}

/** Longest row we read, in characters (the same cap as a CSV's). */
const MAX_ROW_CHARS = 100_000;

type SharedString = string | { richText: { text: string }[] } | null;

/**
 * The parts of exceljs's streaming WorkbookReader we drive ourselves (exceljs 4.4). Its own `parse()`
 * takes the parts in archive order, and Excel writes the sheet before the shared strings, so exceljs
 * spills the whole unpacked sheet to a temporary file first, uncounted. Driving the parts lets us read
 * the strings first (counted and capped), then stream the sheet and stop at the row limit.
 */
type WorkbookInternals = {
  sharedStrings?: string[];
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<{ index: number; text: SharedString }>;
  _parseWorksheet(
    iterator: Readable,
    sheetNo: string,
  ): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
};

/** A cell of an .xlsx as text: dates as YYYY-MM-DD, formulas by their result, rich text flattened. */
export function xlsxCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return xlsxCellText((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

const PARTS: Record<XlsxPart, string> = {
  workbook: 'xl/workbook.xml',
  styles: 'xl/styles.xml',
  sharedStrings: 'xl/sharedStrings.xml',
};
const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** Runs a part's parse, turning its cap into the user's message. */
async function withPartCap<T>(part: XlsxPart, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ZipEntryTooLarge) throw new XlsxError(xlsxLimitMessage({ kind: 'part', part }));
    throw err;
  }
}

/** The workbook's distinct texts, flattened to plain strings as they stream, within the caps. */
async function readSharedStrings(reader: WorkbookInternals, entry: Readable): Promise<string[]> {
  const strings: string[] = [];
  for await (const { text } of reader._parseSharedStrings(entry)) {
    if (strings.length >= XLSX_LIMITS.sharedStrings)
      throw new XlsxError(xlsxLimitMessage({ kind: 'strings' }));
    strings.push(
      text === null ? '' : typeof text === 'string' ? text : text.richText.map((r) => r.text ?? '').join(''),
    );
  }
  return strings;
}

/**
 * Rows of the first worksheet (in archive order, as exceljs's own reader takes it) of the .xlsx at
 * `path`, as text cells, header first; empty rows are skipped. Every part is counted as it unpacks and
 * refused past XLSX_LIMITS; the caller stops reading at its row limit. Throws XlsxError for the user.
 */
export async function* readXlsxRows(path: string): AsyncGenerator<string[]> {
  let entries: ZipEntry[];
  try {
    entries = await readZipDirectory(path, XLSX_LIMITS.maxEntries);
  } catch {
    throw new XlsxError(serverMessages.lists.fileBinary);
  }
  const find = (name: string) => entries.find((e) => e.name === name);
  const workbookEntry = find(PARTS.workbook);
  const sheetEntry = entries.find((e) => SHEET.test(e.name));
  if (!workbookEntry) throw new XlsxError(serverMessages.lists.fileBinary);
  if (!sheetEntry) throw new XlsxError(serverMessages.imports.xlsxNoSheet);

  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'emit',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as WorkbookInternals;
  const open = (part: XlsxPart, entry: ZipEntry) => openZipEntry(path, entry, XLSX_LIMITS.partBytes[part]);

  await withPartCap('workbook', async () => reader._parseWorkbook(await open('workbook', workbookEntry)));
  const styles = find(PARTS.styles);
  if (styles) await withPartCap('styles', async () => reader._parseStyles(await open('styles', styles)));
  const strings = find(PARTS.sharedStrings);
  // The worksheet reader resolves a shared-string cell by index in this array.
  reader.sharedStrings = strings
    ? await withPartCap('sharedStrings', async () =>
        readSharedStrings(reader, await open('sharedStrings', strings)),
      )
    : [];

  // The sheet has no byte cap of its own: it streams, and rows and cells bound what is read of it.
  const sheetStream = await openZipEntry(path, sheetEntry, Number.MAX_SAFE_INTEGER);
  const sheetNo = SHEET.exec(sheetEntry.name)![1]!;
  const [event] = [...reader._parseWorksheet(sheetStream, sheetNo)];
  if (!event) throw new XlsxError(serverMessages.imports.xlsxNoSheet);
  let width = 0;
  let rowsSeen = 0;
  let cellsSeen = 0;
  try {
    for await (const row of event.value) {
      rowsSeen += 1;
      // A row costs as many cells as its last column, filled or not: that is what exceljs allocates.
      cellsSeen += Math.max(row.cellCount, width);
      if (rowsSeen > XLSX_LIMITS.rows) throw new XlsxError(xlsxLimitMessage({ kind: 'rows' }));
      if (cellsSeen > XLSX_LIMITS.cells) throw new XlsxError(xlsxLimitMessage({ kind: 'cells' }));
      const cells = (row.values as ExcelJS.CellValue[]).slice(1).map(xlsxCellText);
      if (cells.every((c) => c.trim() === '')) continue;
      if (width === 0) width = cells.length;
      while (cells.length < width) cells.push('');
      if (cells.reduce((n, c) => n + c.length, 0) > MAX_ROW_CHARS)
        throw new XlsxError(serverMessages.lists.rowTooLong.replace('{row}', String(row.number)));
      yield cells;
    }
  } finally {
    sheetStream.destroy();
  }
}
