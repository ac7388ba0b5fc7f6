import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { formatCount, type BulkActor, type BulkSelection } from '@prospector/core';
import { BulkActionBar, NO_BULK_ACTOR } from '../../../components/bulk/bulk-action-bar';
import { useBulkCount } from '../../../components/bulk/bulk-api';
import { useBulkSelection } from '../../../components/bulk/use-bulk-selection';
import { PageTitle } from '../../../components/page-title';
import { formatPhone } from '../../../lib/phone-format';
import { notifyWithUndo } from '../../../lib/notify';
import { useChangePhoneStatus } from '../api/change-phone-status';
import { flattenInbox, useInbox } from '../api/get-inbox';
import { useTeamStatuses } from '../api/get-team-statuses';
import { messengerKeys, type InboxFilters } from '../api/messenger-keys';
import { useInboxFilters } from '../hooks/use-inbox-filters';
import { LabelChips } from './label-chips';
import { useLoadMoreNearBottom } from '../hooks/use-load-more-near-bottom';
import { InboxTabs, SearchAndOwner, StatusChips } from './inbox-filters';
import { InboxTable } from './inbox-table';
import type { MessengerSlots } from './inbox-row';

export type MessengerScreenProps = {
  /** Admins and 'All data' members may narrow the list to their own records. */
  ownerChoice: boolean;
  timeZone: string | null;
  /** The viewer may text (admin or the sms permission): the expanded row offers a reply box. */
  canText?: boolean;
  onOpenRecord: (id: string) => void;
  /** A record was changed here (a phone marked DNC or Wrong #). */
  onRecordChanged?: (id: string) => void;
  /** Who is acting: which bulk actions the bar offers (admins alone delete). */
  actor?: BulkActor;
  /** A bulk action changed records: the board and open records refetch. */
  onRecordsChanged?: () => void;
  /** Reply labels in the rows and the expanded thread (issue 31), from the replies feature. */
  slots?: MessengerSlots;
};

/** "All that match" is the Messenger's own filter, as its list call sends it. */
function matching({ search, replyLabel, ...rest }: InboxFilters): BulkSelection {
  return {
    kind: 'messenger',
    filter: { ...rest, ...(search ? { search } : {}), ...(replyLabel ? { replyLabel } : {}) },
  };
}

/**
 * /messenger (spec part 1 §2.5): records with texts by tab, status, owner and search, 30 at a time,
 * with wrong-number and DNC actions and each record's thread under its row.
 */
export function MessengerScreen({
  ownerChoice,
  timeZone,
  canText = false,
  onOpenRecord,
  onRecordChanged,
  actor = NO_BULK_ACTOR,
  onRecordsChanged,
  slots,
}: MessengerScreenProps) {
  const state = useInboxFilters({ ownerChoice });
  const statuses = useTeamStatuses().data ?? [];
  const inbox = useInbox(state.filters);
  const rows = flattenInbox(inbox.data);
  const undoMark = useChangePhoneStatus(onRecordChanged);
  const markPhone = useChangePhoneStatus(onRecordChanged, (input, hasPrimary) => {
    const row = rows.find((r) => r._id === input.itemId);
    // DNC and Wrong # clear primary: if the row had one and has none now, it was this phone.
    const restorePrimary = Boolean(row?.hasPrimary) && !hasPrimary;
    notifyWithUndo(`${formatPhone(input.phone)} marked ${input.action}.`, () =>
      undoMark.mutate({ ...input, restorePrimary }),
    );
  });
  const queryClient = useQueryClient();
  const selected = useBulkSelection(JSON.stringify(state.filters));
  const everything = matching(state.filters);
  const total = useBulkCount(everything, selected.any).data;
  const allShownTicked = rows.length > 0 && rows.every((r) => selected.isSelected(r._id));
  useLoadMoreNearBottom(
    inbox.hasNextPage && !inbox.isFetchingNextPage && !inbox.isPlaceholderData,
    () => void inbox.fetchNextPage(),
    inbox.data?.pages.length ?? 0,
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <PageTitle>Messenger</PageTitle>
        <SearchAndOwner
          searchText={state.searchText}
          onSearchChange={state.setSearchText}
          onlyMine={ownerChoice ? state.onlyMine : null}
          onOnlyMineChange={state.setOnlyMine}
        />
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <InboxTabs
          value={state.filters.inboxType}
          onChange={state.setInboxType}
          unread={inbox.data?.pages[0]?.unread ?? 0}
          needsLook={inbox.data?.pages[0]?.needsLook ?? 0}
        />
        <Group px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <StatusChips
            statuses={statuses}
            value={state.filters.selectedStatuses}
            onChange={state.setSelectedStatuses}
          />
        </Group>
        <Group px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <LabelChips value={state.filters.replyLabel} onChange={state.setReplyLabel} />
        </Group>
        {(selected.any || allShownTicked) && (
          <Stack gap="xs" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            {allShownTicked && !selected.all && total !== undefined && total > rows.length && (
              <Text size="sm" ta="center">
                All {formatCount(rows.length)} shown are selected.{' '}
                <Anchor component="button" size="sm" fw={600} onClick={selected.selectAll}>
                  Select all {formatCount(total)} that match
                </Anchor>
              </Text>
            )}
            {selected.all && (
              <Text size="sm" ta="center">
                All {formatCount(total ?? 0)} that match are selected.
              </Text>
            )}
          </Stack>
        )}
        <Stack px="md" py={selected.any ? 'sm' : 0}>
          <BulkActionBar
            count={selected.all ? (total ?? 0) : selected.ids.size}
            selection={selected.selection(everything)}
            actor={actor}
            onClear={selected.clear}
            onChanged={() => {
              void queryClient.invalidateQueries({ queryKey: messengerKeys.all });
              onRecordsChanged?.();
            }}
          />
        </Stack>
        <InboxTable
          // Other filters, another list: no row stays open.
          key={JSON.stringify(state.filters)}
          rows={rows}
          loading={inbox.isPending}
          loadingMore={inbox.isFetchingNextPage}
          stale={inbox.isPlaceholderData}
          timeZone={timeZone}
          onMarkPhone={(row, action) =>
            row.phone && markPhone.mutate({ itemId: row._id, phone: row.phone, action })
          }
          canText={canText}
          onOpenRecord={onOpenRecord}
          slots={slots}
          selection={{
            isSelected: selected.isSelected,
            toggle: selected.toggle,
            allShown: allShownTicked,
            someShown: rows.some((r) => selected.isSelected(r._id)),
            setShown: (checked) =>
              selected.setShown(
                rows.map((r) => r._id),
                checked,
              ),
          }}
        />
      </Paper>
    </Stack>
  );
}
