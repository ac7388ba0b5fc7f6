import { Badge, Stack, Text } from '@mantine/core';
import { type ItemSummary } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';

/** A linked or suggested record's title, its second line (a phone formatted) and its status badge. */
export function SummaryLines({ summary, subtitle = true }: { summary: ItemSummary; subtitle?: boolean }) {
  return (
    <>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {summary.title}
        </Text>
        {subtitle && summary.subtitle && (
          <Text size="xs" c="dimmed" truncate>
            {formatPhone(summary.subtitle)}
          </Text>
        )}
      </Stack>
      {summary.status && (
        <Badge size="sm" variant="light" tt="none">
          {summary.status}
        </Badge>
      )}
    </>
  );
}
