import { setTaskText } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useTaskEdit } from './task-edit';

type Input = { _id: string; text: string };

export function useSetTaskText(itemId: string) {
  return useTaskEdit(
    itemId,
    ({ _id, text }: Input) => call(setTaskText, { _id, dataId: itemId, text }),
    ({ text }) => ({ text }),
  );
}
