import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deschedule } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { patchRecord } from './record-cache';

/** Cancels a scheduled system message while its due time is in the future. */
export function useDeschedule(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (msgId: string) => call(deschedule, { dataId: itemId, msgId }),
    onSuccess: (_result, msgId) =>
      patchRecord(queryClient, itemId, (r) => ({
        ...r,
        messages: r.messages.filter((m) => m._id !== msgId),
      })),
  });
}
