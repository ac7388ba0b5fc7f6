import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeStatus as removeStatusEndpoint, type StatusDto } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { statusesKeys, type OnStatusesChanged } from './statuses-keys';

export function removeStatus(status: Pick<StatusDto, '_id' | 'text'>) {
  return call(removeStatusEndpoint, { _id: status._id, text: status.text });
}

/** Removes a custom status; the records that had it are left with no status. */
export function useRemoveStatus(onChanged?: OnStatusesChanged) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeStatus,
    onSuccess: (_answer, removed) => {
      queryClient.setQueryData<StatusDto[]>(statusesKeys.list(), (old) =>
        old?.filter((s) => s._id !== removed._id),
      );
      void queryClient.invalidateQueries({ queryKey: statusesKeys.all });
      onChanged?.();
    },
  });
}
