import type { UploadedFile } from '../api/upload-import-file';

export const countOf = (n: number) => n.toLocaleString('en-US');

/** '985 rows', or 'More than 10,000 rows' for a file the server read only one row past the limit. */
export function rowsOfFile(file: Pick<UploadedFile, 'rowCount' | 'maxRows'>): string {
  if (file.rowCount > file.maxRows) return `More than ${countOf(file.maxRows)} rows`;
  return `${countOf(file.rowCount)} ${file.rowCount === 1 ? 'row' : 'rows'}`;
}
