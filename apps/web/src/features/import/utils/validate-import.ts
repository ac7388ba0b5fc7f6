import { isValidCountryCode, messages, rowLimitMessage } from '@prospector/core';

export type ImportProblemField = 'name' | 'countryCode' | 'rows' | 'mapping';
export type ImportProblem = { field: ImportProblemField; message: string };

export type ImportDraft = {
  name: string;
  countryCode: string;
  rowCount: number;
  maxRows: number;
  mappedColumns: number;
  /** Import only the file's first N rows: how a file over the limit is imported. */
  firstRows?: number;
};

/** The checks of Start importing, in the spec's order; the first that fails is the one shown. */
export function findImportProblem(draft: ImportDraft): ImportProblem | null {
  if (!draft.name.trim()) return { field: 'name', message: messages.lists.nameRequired };
  if (!isValidCountryCode(draft.countryCode))
    return { field: 'countryCode', message: messages.lists.countryCode };
  const rows = draft.firstRows === undefined ? draft.rowCount : draft.firstRows;
  if (rows > draft.maxRows) return { field: 'rows', message: rowLimitMessage(draft.maxRows) };
  if (draft.mappedColumns === 0) return { field: 'mapping', message: messages.lists.nothingMapped };
  return null;
}
