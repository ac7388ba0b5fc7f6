import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exportByStatus as exportByStatusEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { saveCsv } from '../../../lib/save-blob';
import { exportKeys } from './export-keys';

export function exportByStatus(statusId: string) {
  return call(exportByStatusEndpoint, { condition: statusId });
}

/**
 * Downloads the contacts of one status as a CSV named after it. An answer without rows does nothing
 * (spec part 2 §5) but the counts are read again, since they were out of date.
 */
export function useExportByStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportByStatus,
    onSuccess: ({ rows, csv, fileName }) => {
      if (rows === 0) {
        void queryClient.invalidateQueries({ queryKey: exportKeys.counts() });
        return;
      }
      saveCsv(fileName, csv);
    },
  });
}
