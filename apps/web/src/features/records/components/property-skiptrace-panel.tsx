import { useState } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { messages } from '@prospector/core';
import { SkiptraceButton } from '../../../components/skiptrace/skiptrace-button';
import { SkiptraceDialog } from '../../../components/skiptrace/skiptrace-dialog';
import { usePropertySkiptrace, useSkiptraceRecord } from '../api/skiptrace-property';
import { RecordPanel } from './record-panel';

/**
 * A property without phones (spec part 2 §5: only those are traced): 'Skiptrace' with its price, to
 * find its owners' phones. A property with phones shows nothing here.
 */
export function PropertySkiptracePanel({ propId }: { propId: string }) {
  const state = usePropertySkiptrace(propId);
  const trace = useSkiptraceRecord(propId);
  const [open, setOpen] = useState(false);
  const data = state.data;
  if (!data || data.hasPhones) return null;
  return (
    <RecordPanel title="Owner phones" icon={<IconUserSearch size={18} />}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          No phones for this property yet.
        </Text>
        <SkiptraceButton size="xs" price={data.prices.single} onClick={() => setOpen(true)} />
      </Group>
      {data.demo && (
        <Badge variant="light" color="yellow" radius="sm" tt="none" mt="xs">
          {messages.skiptrace.demoData}
        </Badge>
      )}
      <SkiptraceDialog
        opened={open}
        onClose={() => setOpen(false)}
        count={1}
        prices={data.prices}
        demo={data.demo}
        pending={trace.isPending}
        onConfirm={(type) => trace.mutate(type, { onSettled: () => setOpen(false) })}
      />
    </RecordPanel>
  );
}
