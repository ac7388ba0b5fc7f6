import { queryOptions, useQuery } from '@tanstack/react-query';
import { getStatuses as getStatusesEndpoint, type StatusDto } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { statusesKeys } from './statuses-keys';

export async function getStatuses(): Promise<StatusDto[]> {
  return (await call(getStatusesEndpoint)).statuses;
}

export const statusesQueryOptions = () =>
  queryOptions({ queryKey: statusesKeys.list(), queryFn: getStatuses });

/** Every status of the team, hidden ones included, in board order. */
export function useStatuses() {
  return useQuery(statusesQueryOptions());
}
