import { useState } from 'react';
import { Center, Checkbox, Loader, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { messages, type InboxRow } from '@prospector/core';
import { useNow } from '../../../lib/use-now';
import type { PhoneStatusAction } from '../api/change-phone-status';
import { INBOX_COLUMNS, InboxRowView, type MessengerSlots } from './inbox-row';

/** Spec part 1 §2.5, word for word. */
export const EMPTY_INBOX = messages.messenger.empty;

type InboxTableProps = {
  rows: readonly InboxRow[];
  loading: boolean;
  loadingMore: boolean;
  /** Rows of the previous filters, shown dimmed until the new ones arrive. */
  stale: boolean;
  timeZone: string | null;
  canText: boolean;
  onMarkPhone: (row: InboxRow, action: PhoneStatusAction) => void;
  onOpenRecord: (id: string) => void;
  /** Rows ticked for a bulk action. */
  selection: RowSelection;
  slots?: MessengerSlots;
};

export type RowSelection = {
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  allShown: boolean;
  someShown: boolean;
  setShown: (checked: boolean) => void;
};

function FullWidthRow({ children }: { children: React.ReactNode }) {
  return (
    // Not a record: no hover highlight.
    <Table.Tr bg="white">
      <Table.Td colSpan={INBOX_COLUMNS}>{children}</Table.Td>
    </Table.Tr>
  );
}

function LoadingRows() {
  return Array.from({ length: 4 }, (_, i) => (
    <FullWidthRow key={i}>
      <Skeleton h={36} radius="sm" />
    </FullWidthRow>
  ));
}

type Expanded = { row: InboxRow; index: number };

/**
 * Reading a thread reads its texts, so on the Unread tab the open row leaves the list at the next
 * refetch: it stays where it was, read, until it is closed.
 */
function keepExpanded(rows: readonly InboxRow[], expanded: Expanded | null): readonly InboxRow[] {
  if (!expanded || rows.some((r) => r._id === expanded.row._id)) return rows;
  const index = Math.min(expanded.index, rows.length);
  return [...rows.slice(0, index), { ...expanded.row, unread: 0 }, ...rows.slice(index)];
}

/** Information, Last Message and Status of each record; one row at a time shows its thread. */
export function InboxTable({
  rows,
  loading,
  loadingMore,
  stale,
  timeZone,
  canText,
  onMarkPhone,
  onOpenRecord,
  selection,
  slots = {},
}: InboxTableProps) {
  const [expanded, setExpanded] = useState<Expanded | null>(null);
  const now = useNow(60_000);
  const shown = keepExpanded(rows, expanded);
  return (
    <Table
      verticalSpacing="sm"
      highlightOnHover
      layout="fixed"
      aria-busy={loading || stale}
      style={{ opacity: stale ? 0.55 : 1, transition: 'opacity 120ms' }}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40} pr={0}>
            <Checkbox
              aria-label="Select all shown"
              checked={selection.allShown}
              indeterminate={!selection.allShown && selection.someShown}
              onChange={(e) => selection.setShown(e.currentTarget.checked)}
            />
          </Table.Th>
          <Table.Th w={44}>
            <VisuallyHidden>Conversation</VisuallyHidden>
          </Table.Th>
          <Table.Th w="30%">Information</Table.Th>
          <Table.Th>Last Message</Table.Th>
          <Table.Th w={150}>Status</Table.Th>
          <Table.Th w={200}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {loading ? (
          <LoadingRows />
        ) : shown.length === 0 ? (
          <FullWidthRow>
            <Center py={48}>
              <Text c="dimmed">{EMPTY_INBOX}</Text>
            </Center>
          </FullWidthRow>
        ) : (
          shown.map((row, index) => (
            <InboxRowView
              key={row._id}
              row={row}
              expanded={expanded?.row._id === row._id}
              now={now}
              timeZone={timeZone}
              onToggle={() => setExpanded((open) => (open?.row._id === row._id ? null : { row, index }))}
              onMarkPhone={(action) => onMarkPhone(row, action)}
              canText={canText}
              onOpenRecord={() => onOpenRecord(row._id)}
              selected={selection.isSelected(row._id)}
              onSelect={() => selection.toggle(row._id)}
              slots={slots}
            />
          ))
        )}
        {loadingMore && (
          <FullWidthRow>
            <Center py="xs">
              <Loader size="sm" aria-label="Loading more" />
            </Center>
          </FullWidthRow>
        )}
      </Table.Tbody>
    </Table>
  );
}
