import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { getLists as getListsEndpoint, type ListDto } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { listsKeys } from './lists-keys';

export type ListsPageData = { lists: ListDto[]; hasMore: boolean };
export type ListsData = InfiniteData<ListsPageData>;

export function getLists(input: { search?: string; skip: number }): Promise<ListsPageData> {
  return call(getListsEndpoint, input);
}

export const listsQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: listsKeys.list(search),
    queryFn: ({ pageParam }) => getLists({ search: search || undefined, skip: pageParam }),
    initialPageParam: 0,
    // The next page starts after every list loaded so far (15 a page, fewer on the last one).
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.reduce((count, page) => count + page.lists.length, 0) : undefined,
    // Imports move on while the page is closed (its socket listeners with it): reload on every visit.
    staleTime: 0,
  });

/** The team's lists, 15 at a time, filtered by name. */
export function useLists(search: string) {
  return useInfiniteQuery(listsQueryOptions(search));
}

export function flattenLists(data: ListsData | undefined): ListDto[] {
  return data?.pages.flatMap((page) => page.lists) ?? [];
}
