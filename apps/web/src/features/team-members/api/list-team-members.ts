import { queryOptions, useQuery } from '@tanstack/react-query';
import { listTeamMembers } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { teamMembersKeys } from './team-members-keys';

export function getTeamMembers() {
  return call(listTeamMembers);
}

export const teamMembersQueryOptions = () =>
  queryOptions({
    queryKey: teamMembersKeys.list(),
    queryFn: getTeamMembers,
    select: (data) => data.members,
  });

/** Settings > Team: the members with their phones, permissions and data access. */
export function useTeamMembers() {
  return useQuery(teamMembersQueryOptions());
}
