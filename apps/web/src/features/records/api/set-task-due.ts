import { setTaskDue } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useTaskEdit } from './task-edit';

type Input = { _id: string; due: string | null };

export function useSetTaskDue(itemId: string, onChanged?: () => void) {
  return useTaskEdit(
    itemId,
    ({ _id, due }: Input) => call(setTaskDue, { _id, dataId: itemId, due }),
    ({ due }) => ({ due }),
    onChanged,
  );
}
