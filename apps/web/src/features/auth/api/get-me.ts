import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMe as getMeEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { authKeys } from './auth-keys';

export function getMe() {
  // Quiet: restoring a stale token at start-up is not worth a toast; a 401 just logs out.
  return call(getMeEndpoint, undefined, { quiet: true });
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: authKeys.me(), queryFn: getMe, staleTime: Infinity });

/** The logged-in user, fetched while a token is stored. */
export function useMe() {
  const token = useSessionStore((s) => s.token);
  return useQuery({ ...meQueryOptions(), enabled: token !== null });
}
