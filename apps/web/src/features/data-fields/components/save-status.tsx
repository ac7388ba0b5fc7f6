import { Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { messages } from '@prospector/core';
import type { SaveState } from '../hooks/use-sections-editor';

/** A quiet word on where the last change stands: saving, saved, or why it was not saved. */
export function SaveStatus({ state }: { state: SaveState }) {
  if (state.kind === 'idle') return null;
  if (state.kind === 'waiting' || state.kind === 'saving')
    return (
      <Group gap={6} role="status" c="dimmed">
        <Loader size={12} color="gray" />
        <Text size="sm">{messages.dataFields.saving}</Text>
      </Group>
    );
  if (state.kind === 'saved')
    return (
      <Group gap={6} role="status" c="teal.7">
        <IconCheck size={15} />
        <Text size="sm">{messages.dataFields.saved}</Text>
      </Group>
    );
  return (
    <Group gap={6} role="status" c="red.7" wrap="nowrap" maw={420}>
      <IconAlertCircle size={15} style={{ flexShrink: 0 }} />
      <Text size="sm">Not saved: {state.message}</Text>
    </Group>
  );
}
