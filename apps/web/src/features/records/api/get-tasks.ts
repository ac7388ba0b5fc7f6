import { useQuery } from '@tanstack/react-query';
import { getTasks as getTasksEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { recordKeys } from './records-keys';

export function getTasks(itemId: string) {
  return call(getTasksEndpoint, undefined, { params: { id: itemId } });
}

/** Every task of the record, completed ones included; loaded when the hide-completed toggle is off. */
export function useAllTasks(itemId: string, enabled: boolean) {
  return useQuery({ queryKey: recordKeys.tasks(itemId), queryFn: () => getTasks(itemId), enabled });
}
