import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicConfig as getPublicConfigEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { publicConfigKeys } from './public-config-keys';

export function getPublicConfig() {
  // Quiet: the logged-out pages work without it, they just fall back to neutral wording.
  return call(getPublicConfigEndpoint, undefined, { quiet: true });
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: publicConfigKeys.detail(),
    queryFn: getPublicConfig,
    staleTime: Infinity,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
