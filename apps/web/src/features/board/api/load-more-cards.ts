import { useMutation, useQueryClient } from '@tanstack/react-query';
import { boardKeys } from './board-keys';
import { getDashboard, type BoardData } from './get-dashboard';

type LoadMoreInput = { statusId: string; skip: number };

/** The next 30 cards of one column, appended to the board in the cache. */
export function useLoadMoreCards(filterBy: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ statusId, skip }: LoadMoreInput) => getDashboard({ filterBy, status: statusId, skip }),
    onSuccess: (page, { statusId }) => {
      const next = page.columns.find((c) => c.status._id === statusId);
      if (!next) return;
      queryClient.setQueryData<BoardData>(boardKeys.list(filterBy), (board) =>
        board
          ? {
              ...board,
              columns: board.columns.map((column) => {
                if (column.status._id !== statusId) return column;
                const known = new Set(column.items.map((c) => c._id));
                const added = next.items.filter((c) => !known.has(c._id));
                return { ...column, count: next.count, items: [...column.items, ...added] };
              }),
            }
          : board,
      );
    },
  });
}
