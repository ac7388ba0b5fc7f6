import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_MIN_CHARS, type CurrentUser, type InboxType } from '@prospector/core';
import type { InboxFilters } from '../api/messenger-keys';

/** The Messenger's search is sent 600 ms after the last keystroke. */
export const MESSENGER_SEARCH_DEBOUNCE_MS = 600;

/**
 * 'Only mine' (spec part 1 §6): admins and 'All data' members choose; 'Only assigned' members always
 * see their own records (the server enforces it too).
 */
export function canChooseOwner(user: Pick<CurrentUser, 'role' | 'dataAccess'>): boolean {
  return user.role === 'admin' || user.dataAccess === 'All data';
}

/**
 * Tab, status chips, label chips, owner and search of the Messenger. Under 3 characters no search is sent and
 * the list is not filtered; from 3, the text is sent once the typing pauses.
 */
export function useInboxFilters({ ownerChoice }: { ownerChoice: boolean }) {
  const [inboxType, setInboxType] = useState<InboxType>('unread');
  const [selectedStatuses, setSelectedStatuses] = useState<string[]>([]);
  const [onlyMine, setOnlyMine] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [replyLabel, setReplyLabel] = useState<InboxFilters['replyLabel']>(null);
  const typed = searchText.trim();
  const [debounced] = useDebouncedValue(typed, MESSENGER_SEARCH_DEBOUNCE_MS);
  const search = typed.length >= SEARCH_MIN_CHARS && debounced.length >= SEARCH_MIN_CHARS ? debounced : '';

  const filters: InboxFilters = useMemo(
    () => ({ inboxType, selectedStatuses, onlyMine: ownerChoice ? onlyMine : true, search, replyLabel }),
    [inboxType, selectedStatuses, onlyMine, ownerChoice, search, replyLabel],
  );
  return {
    filters,
    onlyMine,
    searchText,
    setInboxType,
    setSelectedStatuses,
    setOnlyMine,
    setSearchText,
    setReplyLabel,
  };
}
