import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  getInbox as getInboxEndpoint,
  INBOX_PAGE_SIZE,
  type InboxRow,
  type InboxType,
} from '@prospector/core';
import { call } from '../../../lib/api-client';
import { messengerKeys, type InboxFilters } from './messenger-keys';

export type InboxPage = { items: InboxRow[]; unread: number; needsLook: number };
export type InboxData = InfiniteData<InboxPage>;

export type GetInboxInput = {
  inboxType: InboxType;
  selectedStatuses: string[];
  onlyMine: boolean;
  skip: number;
  /** Left out when empty: the server would ignore it anyway under 3 characters. */
  search?: string;
  replyLabel?: InboxFilters['replyLabel'];
};

export function getInbox(
  { search, replyLabel, ...input }: GetInboxInput,
  signal?: AbortSignal,
): Promise<InboxPage> {
  return call(
    getInboxEndpoint,
    { ...input, ...(search ? { search } : {}), ...(replyLabel ? { replyLabel } : {}) },
    { signal },
  );
}

export const inboxQueryOptions = (filters: InboxFilters) =>
  infiniteQueryOptions({
    queryKey: messengerKeys.inbox(filters),
    queryFn: ({ pageParam, signal }) => getInbox({ ...filters, skip: pageParam }, signal),
    initialPageParam: 0,
    // A short page is the last one; the next starts after every row loaded so far.
    getNextPageParam: (last: InboxPage, pages: InboxPage[]) =>
      last.items.length < INBOX_PAGE_SIZE ? undefined : pages.reduce((n, page) => n + page.items.length, 0),
    // Another tab or filter keeps the rows on screen (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
  });

/** The Messenger's records, latest text first, 30 at a time. */
export function useInbox(filters: InboxFilters) {
  return useInfiniteQuery(inboxQueryOptions(filters));
}

/**
 * Every loaded row once: pages are offsets, so a record that moved up between two pages (a new
 * text) could otherwise show twice.
 */
export function flattenInbox(data: InboxData | undefined): InboxRow[] {
  const seen = new Set<string>();
  const rows: InboxRow[] = [];
  for (const row of data?.pages.flatMap((page) => page.items) ?? []) {
    if (seen.has(row._id)) continue;
    seen.add(row._id);
    rows.push(row);
  }
  return rows;
}
