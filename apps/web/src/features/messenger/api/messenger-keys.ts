import type { InboxType, ReplyLabel } from '@prospector/core';

/** What one Messenger list shows: tab, status chips (ids or 'none'), owner and search ('' = none). */
export type InboxFilters = {
  inboxType: InboxType;
  selectedStatuses: string[];
  onlyMine: boolean;
  search: string;
  /** Records whose latest labelled reply has this label; null: any. */
  replyLabel: ReplyLabel | null;
};

export const messengerKeys = {
  all: ['messenger'] as const,
  inboxes: () => [...messengerKeys.all, 'inbox'] as const,
  inbox: (filters: InboxFilters) => [...messengerKeys.inboxes(), filters] as const,
  /** The navigation's counter: records with texts nobody has read. */
  unread: () => [...messengerKeys.all, 'unread'] as const,
  /** The team's statuses for the filter chips. */
  statuses: () => [...messengerKeys.all, 'statuses'] as const,
  /** Records per label of their latest reply (the label chips' counts). */
  labelCounts: () => [...messengerKeys.all, 'label-counts'] as const,
  threads: () => [...messengerKeys.all, 'thread'] as const,
  /** A record's thread, shown under its row. */
  thread: (itemId: string) => [...messengerKeys.threads(), itemId] as const,
};
