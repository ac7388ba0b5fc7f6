import { useState } from 'react';
import { Box, Group, Stack } from '@mantine/core';
import type { BoardCard, CurrentUser } from '@prospector/core';
import { PageTitle } from '../../components/page-title';
import { boardFilterFor } from '@prospector/core';
import { BoardCardExtra, BoardView, MemberFilter } from '../../features/board';
import { useMembers } from '../../features/members';
import { TemperatureBadge, useLiveReplyLabels } from '../../features/replies';
import { useRecordParam } from '../compose/use-record-param';

/** A card shows its contact's temperature from the latest labelled reply (issue 31). */
const temperatureOf = (card: BoardCard) => <TemperatureBadge itemId={card._id} />;

/** / and /dashboard: the status board, filtered by member for those allowed to (spec part 1 §2.3). */
export function DashboardRoute({ user }: { user: CurrentUser }) {
  const { canFilter, defaultFilter } = boardFilterFor(user);
  const [filterBy, setFilterBy] = useState<string | null>(defaultFilter);
  const members = useMembers().data ?? [];
  const { openRecord } = useRecordParam();
  useLiveReplyLabels();
  return (
    <Stack gap="md" h="calc(100dvh - 60px - 2 * var(--mantine-spacing-xl))">
      <Group justify="space-between">
        <PageTitle>Dashboard</PageTitle>
        {canFilter && <MemberFilter members={members} value={filterBy} onChange={setFilterBy} />}
      </Group>
      <Box style={{ flex: 1, minHeight: 0 }}>
        <BoardCardExtra.Provider value={temperatureOf}>
          <BoardView
            filterBy={canFilter ? filterBy : user._id}
            members={members}
            timeZone={user.team.timezone}
            onOpenItem={openRecord}
          />
        </BoardCardExtra.Provider>
      </Box>
    </Stack>
  );
}
