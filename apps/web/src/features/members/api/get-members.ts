import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMembers as getMembersEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { membersKeys } from './members-keys';

export function getMembers() {
  return call(getMembersEndpoint);
}

export const membersQueryOptions = () =>
  queryOptions({
    queryKey: membersKeys.list(),
    queryFn: getMembers,
    staleTime: 5 * 60_000,
    select: (data) => data.members,
  });

/** The caller's team: for the board's member filter, assignment and @mentions. */
export function useMembers(enabled = true) {
  return useQuery({ ...membersQueryOptions(), enabled });
}
