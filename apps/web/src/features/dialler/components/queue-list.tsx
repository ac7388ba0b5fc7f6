import { Badge, Button, Card, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { canUnqueue, type CallStatus, type QueueEntryDto } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { useUnqueue } from '../api/calls';

/**
 * The member's queue, in order; only entries with no call status can be unqueued. An entry on a line
 * shows the line's live status (the socket's), not the one the queue was fetched with.
 */
export function QueueList({
  queue,
  onRefresh,
  refreshing,
  live = new Map(),
}: {
  queue: QueueEntryDto[];
  onRefresh: () => void;
  refreshing: boolean;
  /** The status of each record on a line now (the active call, the ringing lines), by record id. */
  live?: ReadonlyMap<string, CallStatus>;
}) {
  const unqueue = useUnqueue();
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="md">
          Queue{' '}
          <Text span c="dimmed" fz="sm">
            ({queue.length})
          </Text>
        </Title>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          loading={refreshing}
          onClick={onRefresh}
        >
          Refresh queue
        </Button>
      </Group>
      {queue.length === 0 ? (
        <Text c="dimmed" size="sm">
          Your queue is empty. A call campaign fills it.
        </Text>
      ) : (
        // The scrollbar gets its own gutter so that it never covers Unqueue.
        <ScrollArea.Autosize mah={420} offsetScrollbars="y">
          <Stack gap={6} aria-label="Queue">
            {queue.map((entry) => {
              const e = { ...entry, callStatus: live.get(entry.itemId) ?? entry.callStatus };
              return (
                <Group key={e.itemId} justify="space-between" wrap="nowrap" data-testid="queue-entry">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={500} truncate>
                      {e.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {e.phone ? formatPhone(e.phone) : 'No phone'}
                    </Text>
                  </div>
                  {canUnqueue(e.callStatus) ? (
                    <Button size="compact-xs" variant="default" onClick={() => unqueue.mutate(e.itemId)}>
                      Unqueue
                    </Button>
                  ) : (
                    <Badge variant="light">{e.callStatus}</Badge>
                  )}
                </Group>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}
