import { Group, Stack, Text } from '@mantine/core';
import type { ImportResult } from '@prospector/core';
import { formatCount } from '../utils/list-format';

function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Stack gap={0} miw={72}>
      <Text size="lg" fw={700} lh={1.2} c={color}>
        {formatCount(value)}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/**
 * What an import did: rows read, records new and merged, rows dropped and why, invalid values and
 * unrecognised countries, and whether only the file's first rows were imported.
 */
export function ImportSummary({ result }: { result: ImportResult }) {
  const created = result.contactsNew + result.propertiesNew + result.companiesNew;
  const merged = result.contactsMerged + result.propertiesMerged + result.companiesMerged;
  const reasons = Object.entries(result.dropped).filter(([, count]) => count > 0);
  const dropped = reasons.reduce((sum, [, count]) => sum + count, 0);
  const notes = [
    result.invalidPhones > 0 && `${formatCount(result.invalidPhones)} invalid phones`,
    result.invalidEmails > 0 && `${formatCount(result.invalidEmails)} invalid e-mails`,
    result.dncPhones > 0 && `${formatCount(result.dncPhones)} DNC phones`,
    (result.unknownCountries ?? 0) > 0 &&
      `${formatCount(result.unknownCountries ?? 0)} rows with an unrecognised country (phones read with the list's country code)`,
  ].filter(Boolean);
  return (
    <Stack gap={6} aria-label="Import result" role="group">
      <Group gap="lg" wrap="wrap">
        <Figure label="Rows read" value={result.rowsRead} />
        <Figure label="New" value={created} />
        <Figure label="Merged" value={merged} />
        <Figure label="Dropped" value={dropped} color={dropped > 0 ? 'orange.8' : undefined} />
      </Group>
      {result.firstRowsOnly != null && (
        <Text size="xs" c="orange.8" fw={500}>
          Only the first {formatCount(result.firstRowsOnly)} rows of the file were imported.
        </Text>
      )}
      {(reasons.length > 0 || notes.length > 0) && (
        <Text size="xs" c="dimmed">
          {reasons.map(([reason, count]) => `${reason}: ${formatCount(count)}`).join(' · ')}
          {reasons.length > 0 && notes.length > 0 ? ' · ' : ''}
          {notes.join(' · ')}
        </Text>
      )}
    </Stack>
  );
}
