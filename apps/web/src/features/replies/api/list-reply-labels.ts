import { useQuery } from '@tanstack/react-query';
import { listReplyLabels } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { repliesKeys } from './replies-keys';

/** The labels of a record's received texts; every chip of one thread shares this query. */
export function useReplyLabels(itemId: string) {
  return useQuery({
    queryKey: repliesKeys.forItem(itemId),
    queryFn: ({ signal }) => call(listReplyLabels, undefined, { query: { itemId }, signal }),
    select: (data) => data.labels,
  });
}
