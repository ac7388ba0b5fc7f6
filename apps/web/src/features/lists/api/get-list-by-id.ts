import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getListById as getListByIdEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { listsKeys, type ListPage } from './lists-keys';

export function getListById(id: string, { skip, search, type }: ListPage) {
  return call(getListByIdEndpoint, undefined, {
    params: { listId: id, skip: String(skip) },
    query: { search: search || undefined, type: type === 'property' ? undefined : type },
  });
}

export type ListDetailData = Awaited<ReturnType<typeof getListById>>;

export const listDetailQueryOptions = (id: string, page: ListPage) =>
  queryOptions({ queryKey: listsKeys.detail(id, page), queryFn: () => getListById(id, page) });

/** One page of the list's properties with the list and its stats; the previous page stays while the next loads. */
export function useListDetail(id: string, page: ListPage) {
  return useQuery({ ...listDetailQueryOptions(id, page), placeholderData: keepPreviousData });
}
