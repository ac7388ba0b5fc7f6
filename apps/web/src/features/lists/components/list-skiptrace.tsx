import { useState } from 'react';
import { Alert, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { messages, type ListDto } from '@prospector/core';
import { useCancelSkiptrace, useSkiptraceState, useStartSkiptrace } from '../api/skiptrace';
import { formatCount } from '../utils/list-format';
import { SkiptraceButton } from '../../../components/skiptrace/skiptrace-button';
import { SkiptraceDialog } from '../../../components/skiptrace/skiptrace-dialog';

/**
 * The list's skip trace: its button (with the team's price per hit), the confirmation, and while a run
 * goes on its live progress with Cancel; a run that stopped early says why.
 */
export function ListSkiptrace({ list }: { list: ListDto }) {
  const state = useSkiptraceState(list._id);
  const start = useStartSkiptrace(list._id);
  const cancel = useCancelSkiptrace(list._id);
  const [open, setOpen] = useState(false);
  const data = state.data;
  const run = data?.run ?? null;
  const running = run?.state === 'running';
  const importing = list.state !== 'imported';
  // Skip tracing looks up the owners of properties: a list of contacts and companies has none to trace.
  if (!importing && list.propCount === 0)
    return (
      <Text size="xs" c="dimmed">
        {messages.skiptrace.noPropertiesToTrace}
      </Text>
    );

  return (
    <Stack gap="xs">
      {running ? (
        <Stack gap={6} aria-label="Skip trace progress">
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              Skip tracing… {formatCount(run.done)} of {formatCount(run.total)}
            </Text>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              loading={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              Cancel
            </Button>
          </Group>
          <Progress
            value={run.total ? Math.max(3, (run.done / run.total) * 100) : 0}
            animated
            aria-label="Properties traced"
          />
          <Text size="xs" c="dimmed">
            {formatCount(run.hits)} owners found so far
          </Text>
        </Stack>
      ) : (
        <SkiptraceButton
          fullWidth
          perHit
          price={data ? data.prices.single : null}
          disabled={importing || !data || data.toTrace === 0}
          onClick={() => setOpen(true)}
        />
      )}
      {!running && data && data.toTrace === 0 && !importing && (
        <Text size="xs" c="dimmed">
          Every property of this list has phones.
        </Text>
      )}
      {data?.demo && (
        <Badge variant="light" color="yellow" radius="sm" tt="none" style={{ alignSelf: 'flex-start' }}>
          {messages.skiptrace.demoData}
        </Badge>
      )}
      {run && (run.state === 'stopped' || run.state === 'cancelled') && run.reason && (
        <Alert
          variant="light"
          color={run.state === 'stopped' ? 'red' : 'gray'}
          icon={<IconAlertTriangle size={16} />}
          p="xs"
        >
          <Text size="xs">
            {run.reason} {formatCount(run.done)} of {formatCount(run.total)} traced.
          </Text>
        </Alert>
      )}
      {data && (
        <SkiptraceDialog
          opened={open}
          onClose={() => setOpen(false)}
          count={data.toTrace}
          prices={data.prices}
          demo={data.demo}
          pending={start.isPending}
          onConfirm={(type) => start.mutate(type, { onSuccess: () => setOpen(false) })}
        />
      )}
    </Stack>
  );
}
