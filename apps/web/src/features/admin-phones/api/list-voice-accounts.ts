import { useQuery } from '@tanstack/react-query';
import { listVoiceAccounts } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { adminPhonesKeys } from './admin-phones-keys';

/** Every sub-account at the voice provider, with its team. */
export function useVoiceAccounts() {
  return useQuery({
    queryKey: adminPhonesKeys.accounts(),
    queryFn: () => call(listVoiceAccounts),
  });
}
