import { Group, Paper, Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { formatPhone } from '@prospector/core';
import { notifyWithUndo } from '../../../lib/notify';
import { useChangePhoneStatus } from '../api/change-phone-status';
import { flattenInbox, useInbox } from '../api/get-inbox';
import { useTeamStatuses } from '../api/get-team-statuses';
import { useInboxFilters } from '../hooks/use-inbox-filters';
import { LabelChips } from './label-chips';
import { useLoadMoreNearBottom } from '../hooks/use-load-more-near-bottom';
import { InboxTabs, SearchAndOwner, StatusChips } from './inbox-filters';
import { InboxTable } from './inbox-table';

export type MessengerScreenProps = {
  /** Admins and 'All data' members may narrow the list to their own records. */
  ownerChoice: boolean;
  timeZone: string | null;
  /** The viewer may text (admin or the sms permission): the expanded row offers a reply box. */
  canText?: boolean;
  onOpenRecord: (id: string) => void;
  /** A record was changed here (a phone marked DNC or Wrong #). */
  onRecordChanged?: (id: string) => void;
};

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
        />
      </Paper>
    </Stack>
  );
}
