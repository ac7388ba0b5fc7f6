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

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** '9,000 contacts · 5,000 properties' — the kinds with any, in the spec's order. */
function byKind(contacts: number, properties: number, companies: number): string {
  return [
    contacts > 0 && plural(contacts, 'contact', 'contacts'),
    properties > 0 && plural(properties, 'property', 'properties'),
    companies > 0 && plural(companies, 'company', 'companies'),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * What an import did, rows apart from records (issue 30: 'Rows read 10,000 / New 14,339' read as an
 * error): the file's rows read and dropped, then the records they made — one row can make a contact, a
 * property and a company — new and merged, by kind; invalid values, cells of Number fields that held no number, unrecognised countries, and whether
 * only the file's first rows were imported.
 */
export function ImportSummary({ result }: { result: ImportResult }) {
  const created = result.contactsNew + result.propertiesNew + result.companiesNew;
  const merged = result.contactsMerged + result.propertiesMerged + result.companiesMerged;
  const reasons = Object.entries(result.dropped).filter(([, count]) => count > 0);
  const dropped = reasons.reduce((sum, [, count]) => sum + count, 0);
  const newByKind = byKind(result.contactsNew, result.propertiesNew, result.companiesNew);
  const mergedByKind = byKind(result.contactsMerged, result.propertiesMerged, result.companiesMerged);
  const notes = [
    result.invalidPhones > 0 && `${formatCount(result.invalidPhones)} invalid phones`,
    result.invalidEmails > 0 && `${formatCount(result.invalidEmails)} invalid e-mails`,
    result.dncPhones > 0 && `${formatCount(result.dncPhones)} DNC phones`,
    (result.unknownCountries ?? 0) > 0 &&
      `${formatCount(result.unknownCountries ?? 0)} rows with an unrecognised country (phones read with the list's country code)`,
  ].filter(Boolean);
  const notNumbers = Object.entries(result.notNumbers ?? {}).filter(([, count]) => count > 0);
  return (
    <Stack gap={6} aria-label="Import result" role="group">
      <Group gap="lg" wrap="wrap" align="flex-start">
        <Group gap="md" role="group" aria-label="Rows of the file" wrap="nowrap">
          <Figure label="Rows read" value={result.rowsRead} />
          <Figure label="Rows dropped" value={dropped} color={dropped > 0 ? 'orange.8' : undefined} />
        </Group>
        <Group
          gap="md"
          role="group"
          aria-label="Records made"
          wrap="nowrap"
          pl="lg"
          style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Figure label="New records" value={created} />
          <Figure label="Merged records" value={merged} />
        </Group>
      </Group>
      {(newByKind || mergedByKind) && (
        <Text size="xs" c="dimmed">
          {newByKind && `New: ${newByKind}`}
          {newByKind && mergedByKind ? '. ' : ''}
          {mergedByKind && `Merged into existing records: ${mergedByKind}`}. A row can make a contact, a
          property and a company.
        </Text>
      )}
      {result.firstRowsOnly != null && (
        <Text size="xs" c="orange.8" fw={500}>
          Only the first {formatCount(result.firstRowsOnly)} rows of the file were imported.
        </Text>
      )}
      {notNumbers.length > 0 && (
        <Text size="xs" c="orange.8" fw={500}>
          Not numbers, left empty (their rows were imported):{' '}
          {notNumbers.map(([column, count]) => `${formatCount(count)} in ${column}`).join(' · ')}
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
