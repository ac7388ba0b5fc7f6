import { queryOptions, useQuery } from '@tanstack/react-query';
import type { getPublicConfig as PublicConfigEndpoint } from '@prospector/core/contract/public-config';
import { appConfig } from '../../../config/app-config';
import { call } from '../../../lib/api-client';
import { publicConfigKeys } from './public-config-keys';

/**
 * The call's method and path without its schemas. The production build never parses answers, so the
 * landing fetches its configuration without the contract and zod (issue 30: the first page's
 * budget); development and tests load the contract and check the answer against it, and
 * get-public-config.test.ts holds these three fields equal to the contract's.
 */
export const PUBLIC_CONFIG_ROUTE = { method: 'GET', path: '/api/config', auth: false } as const;

async function endpoint(): Promise<typeof PublicConfigEndpoint> {
  if (appConfig.parsesResponses)
    return (await import('@prospector/core/contract/public-config')).getPublicConfig;
  // Only method, path and auth are read when answers are not parsed.
  return PUBLIC_CONFIG_ROUTE as unknown as typeof PublicConfigEndpoint;
}

export async function getPublicConfig() {
  // Quiet: the logged-out pages work without it, they just fall back to neutral wording.
  return call(await endpoint(), undefined, { quiet: true });
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
