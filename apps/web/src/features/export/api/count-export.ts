import { queryOptions, useQuery } from '@tanstack/react-query';
import { countExport } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { exportKeys } from './export-keys';

export function getExportCounts() {
  return call(countExport);
}

export const exportCountsQueryOptions = () =>
  queryOptions({ queryKey: exportKeys.counts(), queryFn: getExportCounts });

/** Every lead status with its number of contacts. */
export function useExportCounts() {
  return useQuery(exportCountsQueryOptions());
}
