import type { ReactNode } from 'react';
import { Paper, Table, Text } from '@mantine/core';
import { formatDateTime } from '../lib/format';

export type LedgerRow = {
  id: string;
  createdAt: string;
  description: ReactNode;
  /** The amount as shown, sign included. */
  amount: string;
  /** Money in: the amount is shown in green. */
  credit: boolean;
};

/** A dated list of money in and out, newest first: the billing history and the affiliate history. */
export function LedgerTable({
  rows,
  label,
  timeZone,
}: {
  rows: LedgerRow[];
  label: string;
  timeZone: string | null;
}) {
  return (
    <Paper withBorder radius="lg">
      <Table verticalSpacing="sm" horizontalSpacing="lg" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={180}>Date</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th w={140} ta="right">
              Amount
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatDateTime(row.createdAt, timeZone)}
                </Text>
              </Table.Td>
              <Table.Td>{row.description}</Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={600} c={row.credit ? 'teal.7' : undefined}>
                  {row.amount}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
