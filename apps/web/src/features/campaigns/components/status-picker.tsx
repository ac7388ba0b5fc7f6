import { Badge, Checkbox, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { StatusCount } from '../api/count-items';
import { FieldHeading } from './field-heading';

type StatusPickerProps = {
  rows: readonly StatusCount[];
  value: readonly string[];
  onChange: (statuses: string[]) => void;
  /** Counts are being fetched again for a new target or date. */
  refreshing: boolean;
  /** Shown instead of the statuses (no list chosen yet, loading, failed). */
  placeholder?: string | null;
};

const number = new Intl.NumberFormat('en-US');

/** The contact statuses to text, each with how many contacts of the target have it. */
export function StatusPicker({ rows, value, onChange, refreshing, placeholder }: StatusPickerProps) {
  const total = rows.filter((row) => value.includes(row._id)).reduce((sum, row) => sum + row.count, 0);

  function toggle(id: string, checked: boolean) {
    onChange(checked ? [...value, id] : value.filter((v) => v !== id));
  }

  return (
    <Stack gap="xs">
      <FieldHeading
        label="Contact statuses"
        description="Contacts with any of the chosen statuses get the campaign."
        aside={
          <Group gap={6} wrap="nowrap">
            {refreshing && <Loader size={14} aria-label="Counting contacts" />}
            <Text size="sm" fw={600} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
              {number.format(total)} {total === 1 ? 'contact' : 'contacts'} selected
            </Text>
          </Group>
        }
      />
      {placeholder ? (
        <Paper withBorder radius="md" p="md" bg="gray.0">
          <Text size="sm" c="dimmed" ta="center">
            {placeholder}
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" verticalSpacing="xs">
          {rows.map((row) => {
            const checked = value.includes(row._id);
            return (
              <Paper
                key={row._id}
                withBorder
                radius="md"
                px="sm"
                py={10}
                bg={checked ? 'var(--mantine-color-brand-0)' : undefined}
                style={{ borderColor: checked ? 'var(--mantine-color-brand-3)' : undefined }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Checkbox
                    label={row.text}
                    checked={checked}
                    onChange={(event) => toggle(row._id, event.currentTarget.checked)}
                    styles={{ label: { fontWeight: 500 } }}
                  />
                  <Badge variant="light" color={row.count > 0 ? 'brand' : 'gray'} radius="sm" tt="none">
                    {number.format(row.count)}
                  </Badge>
                </Group>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
