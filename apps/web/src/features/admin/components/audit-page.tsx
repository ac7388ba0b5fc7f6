import { useState } from 'react';
import {
  Badge,
  Center,
  Code,
  Group,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { AuditEntryDto } from '@prospector/core';
import { LoadFailed } from '../../../components/load-failed';
import { useAuditLog } from '../api/get-audit';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** 'admin.switchToUser' → 'Switch to user'; refusals stand out. */
function ActionBadge({ action }: { action: string }) {
  const [domain, verb = action] = action.split('.');
  const words = verb.replace(/([A-Z])/g, ' $1').toLowerCase();
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  const refused = /denied|Required|Failed/.test(verb);
  return (
    <Badge
      variant="light"
      color={refused ? 'red' : domain === 'admin' ? 'brand' : 'gray'}
      tt="none"
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}

function Details({ details }: { details: AuditEntryDto['details'] }) {
  // The team is its own column.
  const entries = Object.entries(details).filter(([k]) => k !== 'teamId');
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={6}>
      {entries.map(([k, v]) => (
        <Code key={k} fz="xs">{`${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`}</Code>
      ))}
    </Group>
  );
}

/** /admin/audit: who did what, to which team, when and from where. Read only: nobody can edit it. */
export function AuditPage() {
  const [scope, setScope] = useState<'admin' | 'all'>('admin');
  const [page, setPage] = useState(1);
  const log = useAuditLog(scope, page);
  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Entries"
          value={scope}
          onChange={(v) => (setScope(v as 'admin' | 'all'), setPage(1))}
          data={[
            { value: 'admin', label: 'Staff actions' },
            { value: 'all', label: 'Everything' },
          ]}
        />
        <Text size="sm" c="dimmed">
          The log is append-only: entries cannot be changed or removed.
        </Text>
      </Group>
      {log.isPending && (
        <Center py={64}>
          <Loader aria-label="Loading the audit log" />
        </Center>
      )}
      {log.isError && !data && (
        <LoadFailed message="The audit log could not be loaded." onRetry={() => void log.refetch()} />
      )}
      {data && (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={960}>
            <Table verticalSpacing="sm" aria-label="Audit log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Team</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>Details</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.entries.map((e) => (
                  <Table.Tr key={e._id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{when.format(new Date(e.createdAt))}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{e.actor ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <ActionBadge action={e.action} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{e.team ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {e.ip ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Details details={e.details} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {data && pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
