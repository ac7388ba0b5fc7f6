import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assign, type ItemType } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { patchItem, patchTask, restoreTasks, setRecord, snapshotRecord, snapshotTasks } from './record-cache';

const toggle = (ids: readonly string[], id: string) =>
  ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];

/** Toggles a member in a record's assigned list. */
export function useAssignItem(itemId: string, itemType: ItemType, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) =>
      call(assign, { assignedId: memberId, dataId: itemId, dataType: itemType }),
    onMutate: async (memberId) => {
      const previous = await snapshotRecord(queryClient, itemId);
      patchItem(queryClient, itemId, (item) => ({ ...item, assignedTo: toggle(item.assignedTo, memberId) }));
      return { previous };
    },
    onError: (_error, _id, context) => setRecord(queryClient, itemId, context?.previous),
    onSuccess: ({ assignedTo }) => {
      patchItem(queryClient, itemId, (item) => ({ ...item, assignedTo }));
      onChanged?.();
    },
  });
}

/** Toggles a member in a task's assigned list (spec part 1 §4). */
export function useAssignTask(itemId: string, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, memberId }: { taskId: string; memberId: string; assignedTo: string[] }) =>
      call(assign, { assignedId: memberId, dataId: taskId, dataType: 'task' }),
    onMutate: async ({ taskId, memberId, assignedTo }) => {
      const snapshot = await snapshotTasks(queryClient, itemId);
      patchTask(queryClient, itemId, taskId, { assignedTo: toggle(assignedTo, memberId) });
      return snapshot;
    },
    onError: (_error, _input, snapshot) => snapshot && restoreTasks(queryClient, itemId, snapshot),
    onSuccess: ({ _id, assignedTo }) => {
      patchTask(queryClient, itemId, _id, { assignedTo });
      onChanged?.();
    },
  });
}
