import { useQuery } from '@tanstack/react-query';
import { getPhoneHistory as getPhoneHistoryEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { recordKeys } from './records-keys';

export function getPhoneHistory(itemId: string) {
  return call(getPhoneHistoryEndpoint, undefined, { params: { id: itemId } });
}

/** Each phone of the record with its append-only history; loaded when a phone's History is opened. */
export function usePhoneHistory(itemId: string, enabled: boolean) {
  return useQuery({
    queryKey: recordKeys.phoneHistory(itemId),
    queryFn: () => getPhoneHistory(itemId),
    enabled,
  });
}
