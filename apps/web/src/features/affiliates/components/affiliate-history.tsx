import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { formatCents, messages, type AffiliateEntryDto } from '@prospector/core';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/format';

/** Earnings in and money out, newest first (spec part 2 §3 'Affiliate history entry'). */
export function AffiliateHistory({
  entries,
  signups,
  timeZone,
}: {
  entries: AffiliateEntryDto[];
  signups: number;
  timeZone: string | null;
}) {
  return (
    <Stack gap="md" component="section" aria-labelledby="affiliate-history-title">
      <Title order={2} fz={18} id="affiliate-history-title">
        History
      </Title>
      {entries.length === 0 ? (
        <EmptyState
          icon={<IconUsersPlus size={24} />}
          title={signups === 0 ? messages.affiliates.noSignups : 'No earnings yet.'}
          description={
            signups === 0
              ? 'Share your link: teams that sign up through it earn you a share of what they pay.'
              : 'Your signups have not paid yet. Each payment they make adds your share here.'
          }
        />
      ) : (
        <Paper withBorder radius="lg">
          <Table verticalSpacing="sm" horizontalSpacing="lg" aria-label="Affiliate history">
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
              {entries.map((e) => (
                <Table.Tr key={e._id}>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {formatDateTime(e.createdAt, timeZone)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Text size="sm">{e.description}</Text>
                      {e.pending && (
                        <Badge
                          size="sm"
                          variant="light"
                          color="yellow"
                          title={messages.affiliates.payoutPending}
                        >
                          Pending
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={600} c={e.minus ? undefined : 'teal.7'}>
                      {e.minus ? '−' : '+'}
                      {formatCents(Math.round(e.amount * 100))}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
