import { useQuery } from '@tanstack/react-query';
import { getStreetView } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { recordKeys } from './records-keys';

/** The street-view photo of an address as a data URL, null when there is none; only asked when enabled. */
export function useStreetView(address: string, enabled: boolean) {
  return useQuery({
    queryKey: recordKeys.streetView(address),
    queryFn: async () => (await call(getStreetView, { address }, { quiet: true })).image,
    enabled: enabled && address.trim().length >= 3,
    staleTime: Infinity,
    retry: false,
  });
}
