import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { publicConfigKeys } from './public-config-keys';

export async function getPublicConfig() {
  // The logged-out pages show before the contract (and zod with it) has loaded: it comes with this
  // first call (ADR 015).
  const { getPublicConfig: endpoint } = await import('@prospector/core/contract/public-config');
  // Quiet: the logged-out pages work without it, they just fall back to neutral wording.
  return call(endpoint, undefined, { quiet: true });
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
