import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addStatus as addStatusEndpoint, type StatusDto } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { statusesKeys, type OnStatusesChanged } from './statuses-keys';

export function addStatus(text: string) {
  return call(addStatusEndpoint, { text });
}

/** Adds a status as the board's last column. */
export function useAddStatus(onChanged?: OnStatusesChanged) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStatus,
    onSuccess: (status) => {
      queryClient.setQueryData<StatusDto[]>(statusesKeys.list(), (old) => (old ? [...old, status] : old));
      void queryClient.invalidateQueries({ queryKey: statusesKeys.all });
      onChanged?.();
    },
  });
}
