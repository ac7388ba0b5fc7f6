import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconSpeakerphone } from '@tabler/icons-react';
import type { ListDto } from '@prospector/core';
import { emptyExportReason, useExportList, type ExportKind } from '../api/export-list';
import { useOpenCampaignBuilder } from '../hooks/use-open-campaign-builder';
import { ListWithoutContactsNote } from '../../../components/list-without-contacts-note';
import { ListSkiptrace } from './list-skiptrace';

const EXPORT_BUTTONS: { kind: ExportKind; label: string }[] = [
  { kind: 'all', label: 'Export all' },
  { kind: 'dnc', label: 'Export DNC' },
  { kind: 'landline', label: 'Export landlines' },
];

/** What can be done with the whole list: launch a campaign, skip trace it, export its contacts. */
export function ListActions({ list }: { list: ListDto }) {
  const openBuilder = useOpenCampaignBuilder();
  const exporter = useExportList(list);
  const importing = list.state === 'importing';
  // A list without contacts has nothing to export: the buttons say so rather than answer nothing.
  const noContacts = !importing && list.itemCount === 0;
  return (
    <Stack gap="sm">
      <Button
        size="md"
        leftSection={<IconSpeakerphone size={18} />}
        disabled={importing}
        onClick={() => openBuilder(list._id)}
        fullWidth
      >
        Launch Campaign
      </Button>
      {!importing && <ListWithoutContactsNote list={list} />}
      <ListSkiptrace list={list} />
      <Group gap={6} mt={4}>
        <IconDownload size={14} color="var(--mantine-color-dimmed)" />
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          Export contacts as CSV
        </Text>
      </Group>
      {/* Buttons take their labels' widths, so 'Export landlines' is never cut. */}
      <Group gap="xs" wrap="nowrap">
        {EXPORT_BUTTONS.map(({ kind, label }) => (
          <Button
            key={kind}
            variant="default"
            size="sm"
            px="sm"
            style={{ flex: '1 1 auto' }}
            loading={exporter.isPending && exporter.variables === kind}
            disabled={noContacts || (exporter.isPending && exporter.variables !== kind)}
            onClick={() => exporter.mutate(kind)}
          >
            {label}
          </Button>
        ))}
      </Group>
      {noContacts && (
        <Text size="xs" c="dimmed">
          {emptyExportReason('all', list.name)}
        </Text>
      )}
    </Stack>
  );
}
