import { useQuery } from '@tanstack/react-query';
import {
  countBulk,
  exportBulk,
  getLists,
  getMembers,
  getStatuses,
  startBulk,
  undoBulk,
  type BulkAction,
  type BulkSelection,
} from '@prospector/core';
import { call } from '../../lib/api-client';

export const bulkKeys = {
  all: ['bulk'] as const,
  count: (selection: BulkSelection) => ['bulk', 'count', selection] as const,
  choices: ['bulk', 'choices'] as const,
};

/** How many records "all that match" holds for the caller. */
export function useBulkCount(selection: BulkSelection, enabled: boolean) {
  return useQuery({
    queryKey: bulkKeys.count(selection),
    queryFn: () => call(countBulk, { selection }),
    enabled,
    select: (r) => r.count,
  });
}

/** The members, statuses and lists an action may name. */
export function useBulkChoices(enabled: boolean) {
  return useQuery({
    queryKey: bulkKeys.choices,
    enabled,
    queryFn: async () => {
      const [members, statuses, lists] = await Promise.all([
        call(getMembers),
        call(getStatuses),
        call(getLists, { skip: 0 }),
      ]);
      return {
        members: members.members.map((m) => ({ value: m._id, label: m.name })),
        callers: members.members.filter((m) => m.mayCall).map((m) => ({ value: m._id, label: m.name })),
        statuses: statuses.statuses.map((s) => ({ value: s._id, label: s.text })),
        lists: lists.lists.map((l) => ({ value: l._id, label: l.name })),
      };
    },
  });
}

export const startBulkJob = (selection: BulkSelection, action: BulkAction) =>
  call(startBulk, { selection, action });
export const undoBulkJob = (jobId: string) => call(undoBulk, { jobId });
export const downloadBulkExport = (jobId: string) => call(exportBulk, undefined, { params: { id: jobId } });
