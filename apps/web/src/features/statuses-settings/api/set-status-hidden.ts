import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setStatusHidden as setStatusHiddenEndpoint, type StatusDto } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { statusesKeys, type OnStatusesChanged } from './statuses-keys';

type HiddenChange = { _id: string; hidden: boolean };

export function setStatusHidden(change: HiddenChange) {
  return call(setStatusHiddenEndpoint, change);
}

const withHidden =
  ({ _id, hidden }: HiddenChange) =>
  (old: StatusDto[] | undefined) =>
    old?.map((s) => (s._id === _id ? { ...s, hidden } : s));

/**
 * Shows or hides a status's column. The switch moves at once and moves back if the call fails
 * (spec part 2 §4); the failure's message is the server's, shown by the API client.
 */
export function useSetStatusHidden(onChanged?: OnStatusesChanged) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStatusHidden,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: statusesKeys.list() });
      queryClient.setQueryData<StatusDto[]>(statusesKeys.list(), withHidden(change));
      return { previous: !change.hidden };
    },
    onError: (_error, change, context) => {
      if (context)
        queryClient.setQueryData<StatusDto[]>(
          statusesKeys.list(),
          withHidden({ _id: change._id, hidden: context.previous }),
        );
    },
    onSuccess: () => onChanged?.(),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: statusesKeys.all }),
  });
}
