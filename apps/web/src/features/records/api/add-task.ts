import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addTask, type ItemType } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { updateTasks } from './record-cache';

export type AddTaskInput = { text: string; due: string | null };

export function useAddTask(itemId: string, itemType: ItemType, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: AddTaskInput) => call(addTask, { task, dataId: itemId, dataType: itemType }),
    onSuccess: ({ task }) => {
      updateTasks(queryClient, itemId, (tasks) => [...tasks, task]);
      onChanged?.();
    },
  });
}
