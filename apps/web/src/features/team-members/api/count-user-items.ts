import { queryOptions, useQuery } from '@tanstack/react-query';
import { countUserItems } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { teamMembersKeys } from './team-members-keys';

export function postCountUserItems(userId: string) {
  return call(countUserItems, { userId });
}

export const userItemCountQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: teamMembersKeys.itemCount(userId),
    queryFn: () => postCountUserItems(userId),
    select: (data) => data.itemCount,
    // Asked afresh each time the removal dialog opens: assignments change often.
    staleTime: 0,
  });

/** How many records are assigned to the member about to be removed; null: not asked. */
export function useUserItemCount(userId: string | null) {
  return useQuery({ ...userItemCountQueryOptions(userId ?? ''), enabled: userId !== null });
}
