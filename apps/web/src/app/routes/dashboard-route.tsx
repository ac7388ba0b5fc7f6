import { useState } from 'react';
import { Box, Group, Stack } from '@mantine/core';
import type { CurrentUser } from '@prospector/core';
import { PageTitle } from '../../components/page-title';
import { boardFilterFor } from '@prospector/core';
import { BoardView, MemberFilter } from '../../features/board';
import { useMembers } from '../../features/members';
import { useRecordParam } from '../compose/use-record-param';

/** / and /dashboard: the status board, filtered by member for those allowed to (spec part 1 §2.3). */
export function DashboardRoute({ user }: { user: CurrentUser }) {
  const { canFilter, defaultFilter } = boardFilterFor(user);
  const [filterBy, setFilterBy] = useState<string | null>(defaultFilter);
  const members = useMembers().data ?? [];
  const { openRecord } = useRecordParam();
  return (
    <Stack gap="md" h="calc(100dvh - 60px - 2 * var(--mantine-spacing-xl))">
      <Group justify="space-between">
        <PageTitle>Dashboard</PageTitle>
        {canFilter && <MemberFilter members={members} value={filterBy} onChange={setFilterBy} />}
      </Group>
      <Box style={{ flex: 1, minHeight: 0 }}>
        <BoardView
          filterBy={canFilter ? filterBy : user._id}
          members={members}
          timeZone={user.team.timezone}
          onOpenItem={openRecord}
        />
      </Box>
    </Stack>
  );
}
