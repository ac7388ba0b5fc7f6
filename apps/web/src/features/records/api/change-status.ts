import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeStatus } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { patchItem, setRecord, snapshotRecord } from './record-cache';

/** `status` undefined clears it (the call omits the field). */
export type ChangeStatusInput = { status: string | undefined; prevStatus: string | null };

export function useChangeStatus(itemId: string, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ status, prevStatus }: ChangeStatusInput) =>
      call(
        changeStatus,
        status === undefined ? { dataId: itemId, prevStatus } : { dataId: itemId, status, prevStatus },
      ),
    onMutate: async ({ status }) => {
      const previous = await snapshotRecord(queryClient, itemId);
      patchItem(queryClient, itemId, (item) => ({ ...item, status: status ?? null }));
      return { previous };
    },
    onError: (_error, _input, context) => setRecord(queryClient, itemId, context?.previous),
    onSuccess: ({ status }) => {
      patchItem(queryClient, itemId, (item) => ({ ...item, status }));
      onChanged?.();
    },
  });
}
