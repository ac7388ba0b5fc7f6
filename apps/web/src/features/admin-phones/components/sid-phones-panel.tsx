import { useState } from 'react';
import {
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { formatPhone } from '../../../lib/phone-format';
import { LoadFailed } from '../../../components/load-failed';
import { useChangePhones, type PhonesAction } from '../api/change-phones';
import { useSidPhones } from '../api/get-sid-phones';
import { StatusBadge } from './status-badge';

/** A sid's numbers with checkboxes, and Remove / Force remove / Replace for the ones ticked. */
export function SidPhonesPanel({ sid }: { sid: string }) {
  const phones = useSidPhones(sid);
  const change = useChangePhones(sid);
  const [picked, setPicked] = useState<string[]>([]);
  const rows = phones.data?.phones ?? [];
  const live = picked.filter((p) => rows.some((r) => r.sid === p));
  const all = rows.length > 0 && live.length === rows.length;
  const toggle = (s: string) => setPicked(live.includes(s) ? live.filter((x) => x !== s) : [...live, s]);
  const act = (action: PhonesAction) =>
    change.mutate({ action, phones: live }, { onSuccess: () => setPicked([]) });

  if (phones.isPending)
    return (
      <Center h={160}>
        <Loader aria-label="Loading the phones" />
      </Center>
    );
  if (phones.isError)
    return (
      <LoadFailed
        message="The phones of this sid could not be loaded."
        onRetry={() => void phones.refetch()}
      />
    );
  const v = phones.data;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={`Phones of ${sid}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={2} fz={18}>
                {v.team.name || 'Unnamed team'}
              </Title>
              <StatusBadge status={v.status} />
            </Group>
            <Text size="sm" c="dimmed">
              Owner {v.name} · sid{' '}
              <Text span ff="monospace" size="sm">
                {sid}
              </Text>
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              variant="default"
              disabled={!live.length}
              loading={change.isPending && change.variables?.action === 'replace'}
              onClick={() => act('replace')}
            >
              Replace
            </Button>
            <Button
              color="red"
              variant="light"
              disabled={!live.length}
              loading={change.isPending && change.variables?.action === 'forceRemove'}
              onClick={() => act('forceRemove')}
            >
              Force remove
            </Button>
            <Button
              color="red"
              disabled={!live.length}
              loading={change.isPending && change.variables?.action === 'remove'}
              onClick={() => act('remove')}
            >
              Remove
            </Button>
          </Group>
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            This sid has no phones.
          </Text>
        ) : (
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select all phones"
                    checked={all}
                    indeterminate={live.length > 0 && !all}
                    onChange={() => setPicked(all ? [] : rows.map((r) => r.sid))}
                  />
                </Table.Th>
                <Table.Th>Number</Table.Th>
                <Table.Th>Number sid</Table.Th>
                <Table.Th>At the provider</Table.Th>
                <Table.Th>On the team</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.sid}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${p.number}`}
                      checked={live.includes(p.sid)}
                      onChange={() => toggle(p.sid)}
                    />
                  </Table.Td>
                  <Table.Td fw={600}>{formatPhone(p.number)}</Table.Td>
                  <Table.Td>
                    <Text ff="monospace" size="xs" c="dimmed">
                      {p.sid}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={p.atProvider ? 'teal' : 'gray'}>
                      {p.atProvider ? 'Rented' : 'Released'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={p.onTeam ? 'brand' : 'gray'}>
                      {p.onTeam ? 'In use' : 'Dropped'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
