import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskDto } from '@prospector/core';
import { patchTask, restoreTasks, snapshotTasks } from './record-cache';

/**
 * A task edit (spec part 1 §4): applied at once in every cache holding the task, replaced by the
 * server's task when the call succeeds, rolled back when it fails.
 */
export function useTaskEdit<TInput extends { _id: string }>(
  itemId: string,
  send: (input: TInput) => Promise<{ task: TaskDto }>,
  patchOf: (input: TInput) => Partial<TaskDto>,
  onChanged?: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: async (input) => {
      const snapshot = await snapshotTasks(queryClient, itemId);
      patchTask(queryClient, itemId, input._id, patchOf(input));
      return snapshot;
    },
    onError: (_error, _input, snapshot) => snapshot && restoreTasks(queryClient, itemId, snapshot),
    onSuccess: ({ task }) => {
      patchTask(queryClient, itemId, task._id, task);
      onChanged?.();
    },
  });
}
