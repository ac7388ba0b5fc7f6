import type { QueryClient } from '@tanstack/react-query';
import type { ListDto } from '@prospector/core';
import type { ListsData } from './get-lists';
import type { ListDetailData } from './get-list-by-id';
import { listsKeys } from './lists-keys';

type Patch = (list: ListDto) => ListDto;

/** Applies `patch` to list `listId` wherever it is cached: every search of the lists page and its detail pages. */
export function patchList(queryClient: QueryClient, listId: string, patch: Patch): void {
  queryClient.setQueriesData<ListsData>({ queryKey: listsKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            lists: page.lists.map((list) => (list._id === listId ? patch(list) : list)),
          })),
        }
      : data,
  );
  queryClient.setQueriesData<ListDetailData>({ queryKey: listsKeys.detailsOf(listId) }, (data) =>
    data ? { ...data, list: patch(data.list) } : data,
  );
}

/** The pages of the lists page with their lists in `order`, each page keeping its size. */
export function withOrder(data: ListsData, order: ListDto[]): ListsData {
  let start = 0;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const lists = order.slice(start, start + page.lists.length);
      start += page.lists.length;
      return { ...page, lists };
    }),
  };
}

/** Takes a deleted list out of every cached search of the lists page and forgets its stats and detail. */
export function dropList(queryClient: QueryClient, listId: string): void {
  queryClient.setQueriesData<ListsData>({ queryKey: listsKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            lists: page.lists.filter((list) => list._id !== listId),
          })),
        }
      : data,
  );
  queryClient.removeQueries({ queryKey: listsKeys.stats(listId) });
  queryClient.removeQueries({ queryKey: listsKeys.detailsOf(listId) });
}
