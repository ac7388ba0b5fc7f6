import { useState } from 'react';
import { ActionIcon, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconReceipt } from '@tabler/icons-react';
import { BILLING_HISTORY_PAGE_SIZE, dollarsToUnits, formatCreditAmount, messages } from '@prospector/core';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { LedgerTable } from '../../../components/ledger-table';
import { useBillingHistory } from '../api/get-billing-history';

/** Every change of the credits, newest first: when, what, and the amount (spec part 2 §3 billingHistory). */
export function BillingHistory({ timeZone }: { timeZone: string | null }) {
  const [skip, setSkip] = useState(0);
  const history = useBillingHistory(skip);
  const total = history.data?.total ?? 0;
  const entries = history.data?.entries ?? [];
  return (
    <Stack gap="md" component="section" aria-labelledby="history-title">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz={18} id="history-title">
          Billing history
        </Title>
        {total > BILLING_HISTORY_PAGE_SIZE && (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {skip + 1}–{Math.min(skip + BILLING_HISTORY_PAGE_SIZE, total)} of {total}
            </Text>
            <ActionIcon
              variant="default"
              aria-label="Newer entries"
              disabled={skip === 0}
              onClick={() => setSkip(Math.max(0, skip - BILLING_HISTORY_PAGE_SIZE))}
            >
              <IconChevronLeft size={16} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              aria-label="Older entries"
              disabled={skip + BILLING_HISTORY_PAGE_SIZE >= total}
              onClick={() => setSkip(skip + BILLING_HISTORY_PAGE_SIZE)}
            >
              <IconChevronRight size={16} />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {history.isPending ? (
        <Center h={120}>
          <Loader aria-label="Loading the billing history" />
        </Center>
      ) : history.isError ? (
        <LoadFailed
          message="The billing history could not be loaded."
          onRetry={() => void history.refetch()}
        />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<IconReceipt size={24} />}
          title={messages.billing.noHistory}
          description="Credits you add, and owner look-ups they pay for, are listed here."
        />
      ) : (
        <LedgerTable
          label="Billing history"
          timeZone={timeZone}
          rows={entries.map((e) => ({
            id: e._id,
            createdAt: e.createdAt,
            credit: e.amount > 0,
            amount: formatCreditAmount(dollarsToUnits(e.amount) ?? 0),
            description: <Text size="sm">{e.description}</Text>,
          }))}
        />
      )}
    </Stack>
  );
}
