import { useState } from 'react';
import { Button, Center, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { LoadFailed } from '../../../components/load-failed';
import { PageTitle } from '../../../components/page-title';
import { useVoiceAccounts } from '../api/list-voice-accounts';
import { SidPhonesPanel } from './sid-phones-panel';
import { StatusBadge } from './status-badge';

/**
 * /admin/suspension (spec part 2 §2 'remove suspended phones', §6): find a team's sub-account at the
 * voice provider by sid, team or owner, and remove, force remove or replace its phones.
 */
export function SuspensionPage() {
  const accounts = useVoiceAccounts();
  const [search, setSearch] = useState('');
  const [sid, setSid] = useState<string | null>(null);
  const q = search.trim().toLowerCase();
  const shown = (accounts.data?.accounts ?? []).filter(
    (a) =>
      !q ||
      a.sid.toLowerCase().includes(q) ||
      a.friendlyName.toLowerCase().includes(q) ||
      a.team?.name.toLowerCase().includes(q) ||
      a.team?.owner.toLowerCase().includes(q),
  );
  const open = (value: string) => setSid(value.trim() || null);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <PageTitle>Suspension</PageTitle>
        <Text size="sm" c="dimmed">
          Each team rents its phone numbers under its own sub-account at the voice provider
          {accounts.data
            ? ` (${accounts.data.provider === 'simulated' ? 'the simulated line' : 'Twilio'})`
            : ''}
          .
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="lg" component="section" aria-label="Sub-accounts">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <Title order={2} fz={18}>
              Sub-accounts
            </Title>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                open(search);
              }}
            >
              <Group gap="xs">
                <TextInput
                  aria-label="Sid, team or owner"
                  placeholder="Sid, team or owner"
                  leftSection={<IconSearch size={16} />}
                  w={320}
                  value={search}
                  onChange={(e) => setSearch(e.currentTarget.value)}
                />
                <Button type="submit" variant="default" disabled={!search.trim()}>
                  Open sid
                </Button>
              </Group>
            </form>
          </Group>
          {accounts.isPending ? (
            <Center h={120}>
              <Loader aria-label="Loading the sub-accounts" />
            </Center>
          ) : accounts.isError ? (
            <LoadFailed
              message="The sub-accounts could not be loaded."
              onRetry={() => void accounts.refetch()}
            />
          ) : shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              {q ? 'No sub-account matches.' : 'No team has rented a number yet.'}
            </Text>
          ) : (
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Team</Table.Th>
                  <Table.Th>Owner</Table.Th>
                  <Table.Th>Sid</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Phones</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((a) => (
                  <Table.Tr key={a.sid} bg={a.sid === sid ? 'var(--mantine-color-brand-light)' : undefined}>
                    <Table.Td fw={600}>{a.team?.name || a.friendlyName}</Table.Td>
                    <Table.Td>{a.team?.owner ?? '—'}</Table.Td>
                    <Table.Td>
                      <Text ff="monospace" size="xs">
                        {a.sid}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={a.status} />
                    </Table.Td>
                    <Table.Td ta="right">{a.phoneCount}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        disabled={!a.team}
                        onClick={() => setSid(a.sid)}
                        aria-label={`Open ${a.sid}`}
                      >
                        Phones
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Paper>
      {sid && <SidPhonesPanel key={sid} sid={sid} />}
    </Stack>
  );
}
