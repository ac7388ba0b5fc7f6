import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTemplates } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export function getTemplateGroups() {
  return call(getTemplates, undefined).then(({ groups }) => groups);
}

export const templateGroupsQueryOptions = () =>
  queryOptions({ queryKey: campaignsKeys.templateGroups(), queryFn: getTemplateGroups, staleTime: 0 });

/** The template groups a campaign can rotate through, with how many templates each has. */
export function useTemplateGroups() {
  return useQuery(templateGroupsQueryOptions());
}
