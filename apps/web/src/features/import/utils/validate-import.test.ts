import { describe, expect, it } from 'vitest';
import { messages, rowLimitMessage } from '@prospector/core';
import { findImportProblem, type ImportDraft } from './validate-import';

const good: ImportDraft = {
  name: 'March owners',
  countryCode: '+1',
  rowCount: 10,
  maxRows: 10_000,
  mappedColumns: 2,
};

describe('import checks', () => {
  it('asks for a name before anything else', () => {
    expect(
      findImportProblem({
        name: '  ',
        countryCode: '1',
        rowCount: 20_000,
        maxRows: 10_000,
        mappedColumns: 0,
      }),
    ).toEqual({ field: 'name', message: messages.lists.nameRequired });
  });

  it('then asks for a country code starting with +', () => {
    expect(findImportProblem({ ...good, countryCode: '1', rowCount: 20_000, mappedColumns: 0 })).toEqual({
      field: 'countryCode',
      message: messages.lists.countryCode,
    });
  });

  it('then states the row limit actually enforced', () => {
    expect(findImportProblem({ ...good, rowCount: 10_001, mappedColumns: 0 })).toEqual({
      field: 'rows',
      message: rowLimitMessage(10_000),
    });
    expect(rowLimitMessage(10_000)).toBe('You can import maximum 10,000 rows at a time');
  });

  it('then asks for at least one mapped column', () => {
    expect(findImportProblem({ ...good, mappedColumns: 0 })).toEqual({
      field: 'mapping',
      message: messages.lists.nothingMapped,
    });
  });

  it('lets a file over the limit start when only its first rows, at most the limit, are imported', () => {
    expect(findImportProblem({ ...good, rowCount: 10_001, firstRows: 10_000 })).toBeNull();
    expect(findImportProblem({ ...good, rowCount: 10_001, firstRows: 10_001 })?.field).toBe('rows');
  });

  it('lets a named, mapped file within the limit start', () => {
    expect(findImportProblem({ ...good, rowCount: 10_000 })).toBeNull();
  });
});
