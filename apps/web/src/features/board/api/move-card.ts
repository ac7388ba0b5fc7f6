import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeStatus } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { boardKeys } from './board-keys';
import type { BoardData } from './get-dashboard';

export type MoveCardInput = {
  cardId: string;
  from: { _id: string; text: string };
  to: { _id: string; text: string };
};

function moveInBoard(board: BoardData, { cardId, ...input }: MoveCardInput): BoardData {
  const from = board.columns.find((c) => c.status._id === input.from._id);
  const to = board.columns.find((c) => c.status._id === input.to._id);
  const card = from?.items.find((c) => c._id === cardId);
  if (!from || !to || !card) return board;
  return {
    ...board,
    columns: board.columns.map((column) => {
      if (column === from)
        return { ...column, count: column.count - 1, items: column.items.filter((c) => c._id !== cardId) };
      if (column === to)
        return {
          ...column,
          count: column.count + 1,
          items: [{ ...card, status: to.status.text }, ...column.items],
        };
      return column;
    }),
  };
}

/**
 * A card dropped on another column (spec part 1 §4): it moves at once, the status is sent, and the
 * card goes back if the call fails (the API client shows the server's message).
 */
export function useMoveCard(filterBy: string | null) {
  const queryClient = useQueryClient();
  const key = boardKeys.list(filterBy);
  return useMutation({
    mutationFn: ({ cardId, from, to }: MoveCardInput) =>
      call(changeStatus, { dataId: cardId, status: to.text, prevStatus: from.text }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<BoardData>(key);
      if (previous) queryClient.setQueryData<BoardData>(key, moveInBoard(previous, input));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
  });
}
