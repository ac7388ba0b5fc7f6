import { useQuery } from '@tanstack/react-query';
import { getSidPhones } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { adminPhonesKeys } from './admin-phones-keys';

/** A sid's phones, as the provider and the team each know them. */
export function useSidPhones(sid: string | null) {
  return useQuery({
    queryKey: adminPhonesKeys.sid(sid ?? ''),
    queryFn: () => call(getSidPhones, undefined, { params: { sid: sid! } }),
    enabled: Boolean(sid),
    retry: false,
  });
}
