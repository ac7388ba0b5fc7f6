import { useMutation } from '@tanstack/react-query';
import {
  csvFileName,
  EXPORT_CHUNK_SIZE,
  exportAll,
  exportDnc,
  exportLandline,
  messages,
  type ListDto,
} from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifyInfo } from '../../../lib/notify';
import { saveCsv } from '../../../lib/save-blob';
import { joinCsvChunks } from '../utils/csv-chunks';

export type ExportKind = 'all' | 'dnc' | 'landline';

const EXPORTS = {
  all: { endpoint: exportAll, suffix: 'all' },
  dnc: { endpoint: exportDnc, suffix: 'DNC' },
  landline: { endpoint: exportLandline, suffix: 'landlines' },
} as const;

/** Every chunk of one export (10,000 contacts a call), joined into one CSV with its row count. */
export async function fetchListExport(
  kind: ExportKind,
  listId: string,
): Promise<{ csv: string; rows: number }> {
  const { endpoint } = EXPORTS[kind];
  const chunks: string[] = [];
  let rows = 0;
  for (let skip = 0; ; skip += EXPORT_CHUNK_SIZE) {
    const answer = await call(endpoint, { listId, skip });
    chunks.push(answer.csv);
    rows += answer.rows;
    if (!answer.hasMore) break;
  }
  return { csv: joinCsvChunks(chunks), rows };
}

/** Why an export of `kind` found nothing (issue 30: 'Export all' said nothing). */
export function emptyExportReason(kind: ExportKind, listName: string): string {
  const text = {
    all: messages.lists.exportNoContacts,
    dnc: messages.lists.exportNoDnc,
    landline: messages.lists.exportNoLandlines,
  }[kind];
  return text.replace('{list}', listName);
}

/** Downloads a list's contacts (all, DNC or landlines) as `<list name> - <kind>.csv`; says why when empty. */
export function useExportList(list: Pick<ListDto, '_id' | 'name'>) {
  return useMutation({
    mutationFn: (kind: ExportKind) => fetchListExport(kind, list._id),
    onSuccess: ({ csv, rows }, kind) => {
      if (rows === 0) {
        notifyInfo(emptyExportReason(kind, list.name));
        return;
      }
      saveCsv(csvFileName(`${list.name} - ${EXPORTS[kind].suffix}`), csv);
    },
  });
}
