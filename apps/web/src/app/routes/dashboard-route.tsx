import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceMobile, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { BoardCard, CurrentUser } from '@prospector/core';
import { PageTitle } from '../../components/page-title';
import { boardFilterFor, can, paths } from '@prospector/core';
import { BoardCardExtra, BoardView, MemberFilter } from '../../features/board';
import { useMembers } from '../../features/members';
import { messengerKeys } from '../../features/messenger';
import { recordKeys } from '../../features/records';
import { TemperatureBadge } from '../../features/replies';
import { useRecordParam } from '../compose/use-record-param';

/** A card shows its contact's temperature from the latest labelled reply (issue 31). */
const temperatureOf = (card: BoardCard) => <TemperatureBadge itemId={card._id} />;

/** A new team's way forward from an empty board: bring in contacts, connect a phone to text them. */
function FirstActions({ user }: { user: CurrentUser }) {
  const canImport = can(user, 'import');
  const canDevices = can(user, 'phones');
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="Get started">
      <Group justify="space-between" wrap="wrap" gap="md">
        <div>
          <Text fw={700}>Your board fills as contacts come in</Text>
          <Text size="sm" c="dimmed">
            Import a list of leads to see them here by status, and add a phone to text them.
          </Text>
        </div>
        <Group gap="sm">
          {canImport && (
            <Button component={Link} to={paths.import} leftSection={<IconUpload size={16} />}>
              Import a list
            </Button>
          )}
          {canDevices && (
            <Button
              component={Link}
              to={paths.settings.devices}
              variant="default"
              leftSection={<IconDeviceMobile size={16} />}
            >
              Add a phone
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** / and /dashboard: the status board, filtered by member for those allowed to (spec part 1 §2.3). */
export function DashboardRoute({ user }: { user: CurrentUser }) {
  const { canFilter, defaultFilter } = boardFilterFor(user);
  const [filterBy, setFilterBy] = useState<string | null>(defaultFilter);
  const members = useMembers().data ?? [];
  const { openRecord } = useRecordParam();
  const queryClient = useQueryClient();
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
            actor={user}
            onRecordsChanged={() => {
              void queryClient.invalidateQueries({ queryKey: messengerKeys.all });
              void queryClient.invalidateQueries({ queryKey: recordKeys.all });
            }}
            whenEmpty={filterBy === null || !canFilter ? <FirstActions user={user} /> : undefined}
          />
        </BoardCardExtra.Provider>
      </Box>
    </Stack>
  );
}
