import { serverMessages } from '../server-messages.js';

const MIB = 1024 * 1024;

/**
 * What an .xlsx may unpack to while the server reads it. An .xlsx is a zip: a few hundred kilobytes
 * can unpack to gigabytes, so every part is counted as it unpacks, never trusted by its declared
 * size. The real Nashville workbook (25,261 rows, 19 columns) holds 4.1 MB of strings and 17 KB of
 * styles: the caps leave room for eight times its text, yet keep a reader to about 80 MB, so the
 * IMPORT_XLSX_WORKERS readers (2) stay far below the 300 MB that eight bombs at once may cost.
 */
export const XLSX_LIMITS = {
  /** Files inside the zip; Excel writes a few dozen. */
  maxEntries: 10_000,
  /**
   * Unpacked bytes of each part read besides the sheet (the sheet streams and is bounded by rows
   * and cells). The strings are held in memory while the sheet is read, so their cap is the one
   * that bounds the reader's memory.
   */
  partBytes: {
    sharedStrings: 32 * MIB,
    styles: 8 * MIB,
    workbook: 4 * MIB,
  },
  /** Distinct texts of the workbook (its shared-string table). */
  sharedStrings: 1_000_000,
  /**
   * Cells read, counting each row as wide as its last cell (a row with one cell in column XFD costs
   * 16,384): 10,000 rows of 500 columns.
   */
  cells: 5_000_000,
  /** Rows of the sheet, empty ones included: Excel's own maximum. */
  rows: 1_048_576,
  /** Heap of the worker thread that reads a workbook; the caps above keep a reader well under it. */
  heapMb: 96,
} as const;

export type XlsxPart = keyof typeof XLSX_LIMITS.partBytes;

/** Bytes as the messages state them: '500 MB', '2.5 MB'. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / MIB;
  return `${mb.toLocaleString('en-US', { maximumFractionDigits: mb < 10 ? 1 : 0 })} MB`;
}

/** Uploads created before this moment and never imported have expired. */
export function uploadCutoff(now: Date, ttlHours: number): Date {
  return new Date(now.getTime() - ttlHours * 3_600_000);
}

/** Whether a team holding `usedBytes` of uploads may store `sizeBytes` more under its quota. */
export function fitsUploadQuota(usedBytes: number, sizeBytes: number, quotaBytes: number): boolean {
  return usedBytes + sizeBytes <= quotaBytes;
}

export function uploadQuotaMessage(usedBytes: number, quotaBytes: number, ttlHours: number): string {
  return serverMessages.imports.uploadQuota
    .replace('{quota}', formatMegabytes(quotaBytes))
    .replace('{used}', formatMegabytes(usedBytes))
    .replace('{hours}', String(ttlHours));
}

const PART_NAMES: Record<XlsxPart, string> = {
  sharedStrings: 'text',
  styles: 'cell formats',
  workbook: 'workbook settings',
};

/** Why a workbook is refused, stated with the limit it broke. */
export function xlsxLimitMessage(
  limit: { kind: 'part'; part: XlsxPart } | { kind: 'strings' | 'cells' | 'rows' },
): string {
  const count = (n: number) => n.toLocaleString('en-US');
  switch (limit.kind) {
    case 'part':
      return serverMessages.imports.xlsxPartTooLarge
        .replace('{limit}', formatMegabytes(XLSX_LIMITS.partBytes[limit.part]))
        .replace('{part}', PART_NAMES[limit.part]);
    case 'strings':
      return serverMessages.imports.xlsxTooManyStrings.replace('{limit}', count(XLSX_LIMITS.sharedStrings));
    case 'cells':
      return serverMessages.imports.xlsxTooManyCells.replace('{limit}', count(XLSX_LIMITS.cells));
    case 'rows':
      return serverMessages.imports.xlsxTooManyRows.replace('{limit}', count(XLSX_LIMITS.rows));
  }
}
