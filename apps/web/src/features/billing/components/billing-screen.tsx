import { SimpleGrid, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { useBilling } from '../api/get-billing';
import { BillingHistory } from './billing-history';
import { CreditsCard } from './credits-card';
import { CurrentPlanCard } from './current-plan-card';
import { PlanCards } from './plan-cards';

/**
 * Settings > Billing (spec part 2 §2), admins only: the plan and this month's usage, the credits, the
 * plans, and the history. Card entry, subscriptions, credit loads and autofill need payments (Stripe,
 * issue 18 item 3): until then the buttons that would take a payment say payments are not configured.
 */
export function BillingScreen({ timeZone }: { timeZone: string | null }) {
  const billing = useBilling();
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <PageTitle>Billing</PageTitle>
        <Text c="dimmed" size="sm">
          Your plan, this month's usage and your credits.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <CurrentPlanCard />
        <CreditsCard />
      </SimpleGrid>
      {billing.data && (
        <PlanCards current={billing.data.plan} paymentsConfigured={billing.data.paymentsConfigured} />
      )}
      <BillingHistory timeZone={timeZone} />
    </Stack>
  );
}
