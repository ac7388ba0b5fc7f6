import { useState } from 'react';
import { Button, Center, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { StatusDto } from '@prospector/core';
import { PageTitle } from '../../../components/page-title';
import { useStatuses } from '../api/get-statuses';
import type { OnStatusesChanged } from '../api/statuses-keys';
import { AddStatusModal } from './add-status-modal';
import { RemoveStatusModal } from './remove-status-modal';
import { StatusCallsModal } from './status-calls-modal';
import { StatusRow } from './status-row';

/** Settings > Statuses (spec part 2 §2): the board's columns, renamed, hidden, added and removed. */
export function StatusesScreen({ onChanged }: { onChanged?: OnStatusesChanged }) {
  const statuses = useStatuses();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<StatusDto | null>(null);
  const [calling, setCalling] = useState<StatusDto | null>(null);
  const all = statuses.data ?? [];
  const texts = all.map((s) => s.text);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <PageTitle>Statuses</PageTitle>
          <Text c="dimmed" size="sm">
            The columns of your board. Hidden statuses keep their records but leave the board.
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Add status
        </Button>
      </Group>
      {statuses.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading statuses" />
        </Center>
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Statuses">
            <Table.Tbody>
              {all.map((status) => (
                <StatusRow
                  key={status._id}
                  status={status}
                  otherTexts={texts.filter((t) => t !== status.text)}
                  onRemove={() => setRemoving(status)}
                  onCallSettings={() => setCalling(status)}
                  onChanged={onChanged}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <AddStatusModal
        opened={adding}
        existing={texts}
        onClose={() => setAdding(false)}
        onChanged={onChanged}
      />
      <StatusCallsModal status={calling} onClose={() => setCalling(null)} />
      <RemoveStatusModal status={removing} onClose={() => setRemoving(null)} onChanged={onChanged} />
    </Stack>
  );
}
