import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTemplates as getTemplatesEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { templatesKeys } from './templates-keys';

export function getTemplates() {
  return call(getTemplatesEndpoint, undefined, { quiet: true });
}

export type TemplatesData = Awaited<ReturnType<typeof getTemplates>>;

export const templatesQueryOptions = () =>
  queryOptions({ queryKey: templatesKeys.data(), queryFn: getTemplates });

/** Groups with their counts, templates, subtemplates, quick replies and the fields `**Field**` may name. */
export function useTemplates(enabled = true) {
  return useQuery({ ...templatesQueryOptions(), enabled });
}
