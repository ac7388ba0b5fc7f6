import type { ReactNode } from 'react';
import { Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';

type DeviceSectionProps = {
  title: string;
  description: string;
  icon: ReactNode;
  /** Shown instead of the table when the section has no devices. */
  emptyText: string;
  empty: boolean;
  children: ReactNode;
};

/** A titled card of device rows, with the same columns in every section. */
export function DeviceSection({ title, description, icon, emptyText, empty, children }: DeviceSectionProps) {
  return (
    <Paper withBorder radius="lg" p={0} component="section" aria-label={title} style={{ overflow: 'hidden' }}>
      <Group gap="sm" px="lg" pt="md" pb="sm" wrap="nowrap">
        {icon}
        <Stack gap={0}>
          <Title order={2} fz="md" fw={700}>
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        </Stack>
      </Group>
      {empty ? (
        <Text size="sm" c="dimmed" px="lg" pb="lg">
          {emptyText}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720} type="native">
          {/* Fixed column widths: the Apple and Android tables line up. */}
          <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={56}>
                  <VisuallyHidden>Select</VisuallyHidden>
                </Table.Th>
                <Table.Th>Device</Table.Th>
                <Table.Th w={230}>Connection</Table.Th>
                <Table.Th w={130}>Today</Table.Th>
                <Table.Th w={180} ta="right">
                  App
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
