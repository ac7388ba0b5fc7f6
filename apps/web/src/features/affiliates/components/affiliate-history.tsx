import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { formatCents, messages, type AffiliateEntryDto } from '@prospector/core';
import { EmptyState } from '../../../components/empty-state';
import { LedgerTable } from '../../../components/ledger-table';

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
        <LedgerTable
          label="Affiliate history"
          timeZone={timeZone}
          rows={entries.map((e) => ({
            id: e._id,
            createdAt: e.createdAt,
            credit: !e.minus,
            amount: `${e.minus ? '−' : '+'}${formatCents(Math.round(e.amount * 100))}`,
            description: (
              <Group gap="xs">
                <Text size="sm">{e.description}</Text>
                {e.pending && (
                  <Badge size="sm" variant="light" color="yellow" title={messages.affiliates.payoutPending}>
                    Pending
                  </Badge>
                )}
              </Group>
            ),
          }))}
        />
      )}
    </Stack>
  );
}
