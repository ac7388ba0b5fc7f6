import { useQuery } from '@tanstack/react-query';
import { countExport } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { messengerKeys } from './messenger-keys';

export type TeamStatus = { _id: string; text: string };

/**
 * Every status of the team, hidden ones included, in board order. The board's call skips hidden
 * statuses, and no call lists statuses on their own yet: the export count lists them all.
 */
export async function getTeamStatuses(): Promise<TeamStatus[]> {
  const { statuses } = await call(countExport);
  return statuses.map(({ _id, text }) => ({ _id, text }));
}

export function useTeamStatuses() {
  return useQuery({
    queryKey: messengerKeys.statuses(),
    queryFn: getTeamStatuses,
    staleTime: 5 * 60_000,
  });
}
