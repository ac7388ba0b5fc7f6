import { useQuery } from '@tanstack/react-query';
import { getReplyCounts } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { messengerKeys } from './messenger-keys';

/** Records per label of their latest labelled reply, and those needing a look (issue 31). */
export function useLabelCounts() {
  return useQuery({
    queryKey: messengerKeys.labelCounts(),
    queryFn: ({ signal }) => call(getReplyCounts, undefined, { signal }),
  });
}
