import { setTaskCompleted } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useTaskEdit } from './task-edit';

type Input = { _id: string; completed: boolean };

export function useSetTaskCompleted(itemId: string, onChanged?: () => void) {
  return useTaskEdit(
    itemId,
    ({ _id, completed }: Input) => call(setTaskCompleted, { _id, dataId: itemId, completed }),
    ({ completed }) => ({ completed }),
    onChanged,
  );
}
