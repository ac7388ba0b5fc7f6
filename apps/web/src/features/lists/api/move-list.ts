import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moveList } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { flattenLists, type ListsData } from './get-lists';
import { withOrder } from './list-cache';
import { listsKeys } from './lists-keys';

export type MoveListInput = { listId: string; newIdx: number };

/**
 * Moves a list to position `newIdx` of the team's order. Only the unfiltered page can be reordered
 * (its positions are the team's); the list moves at once and goes back if the call fails.
 */
export function useMoveList() {
  const queryClient = useQueryClient();
  const key = listsKeys.list('');
  return useMutation({
    mutationFn: (input: MoveListInput) => call(moveList, input),
    onMutate: async ({ listId, newIdx }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ListsData>(key);
      if (previous) {
        const order = flattenLists(previous);
        const from = order.findIndex((l) => l._id === listId);
        if (from >= 0) {
          const [moved] = order.splice(from, 1);
          order.splice(newIdx, 0, moved!);
          queryClient.setQueryData<ListsData>(key, withOrder(previous, order));
        }
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
  });
}
