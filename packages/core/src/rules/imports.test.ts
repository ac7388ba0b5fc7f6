import { describe, expect, it } from 'vitest';
import {
  fitsUploadQuota,
  formatMegabytes,
  uploadCutoff,
  uploadQuotaMessage,
  XLSX_LIMITS,
  xlsxLimitMessage,
} from './imports.js';

describe('upload rules', () => {
  it('states sizes in megabytes, with a decimal only below 10 MB', () => {
    expect(formatMegabytes(500 * 1024 * 1024)).toBe('500 MB');
    expect(formatMegabytes(2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatMegabytes(0)).toBe('0 MB');
  });

  it('expires an upload exactly the TTL after it was made', () => {
    const now = new Date('2026-01-05T15:00:00Z');
    expect(uploadCutoff(now, 24).toISOString()).toBe('2026-01-04T15:00:00.000Z');
  });

  it('lets a file fill the quota to the byte, and not one byte past it', () => {
    expect(fitsUploadQuota(400, 100, 500)).toBe(true);
    expect(fitsUploadQuota(400, 101, 500)).toBe(false);
    expect(fitsUploadQuota(600, 0, 500)).toBe(false);
  });

  it('says what the team holds, its quota and when waiting files go', () => {
    expect(uploadQuotaMessage(450 * 1024 * 1024, 500 * 1024 * 1024, 24)).toBe(
      "This file would take your team's uploads waiting to be imported over 500 MB (they hold 450 MB now). Import them, or wait: files not imported within 24 hours are deleted.",
    );
  });
});

describe('workbook limits', () => {
  it('names the limit a workbook broke, with its number', () => {
    expect(xlsxLimitMessage({ kind: 'part', part: 'sharedStrings' })).toBe(
      `This workbook unpacks to more than ${formatMegabytes(XLSX_LIMITS.partBytes.sharedStrings)} of text. Save the sheet you want to import as CSV and upload that file.`,
    );
    expect(xlsxLimitMessage({ kind: 'cells' })).toContain('more than 5,000,000 cells');
    expect(xlsxLimitMessage({ kind: 'strings' })).toContain('more than 1,000,000 different texts');
    expect(xlsxLimitMessage({ kind: 'rows' })).toContain('more than 1,048,576 rows');
  });

  it('keeps the strings a reader may hold well under its heap', () => {
    const stringsMb = XLSX_LIMITS.partBytes.sharedStrings / (1024 * 1024);
    expect(stringsMb * 2).toBeLessThanOrEqual(XLSX_LIMITS.heapMb);
  });
});
