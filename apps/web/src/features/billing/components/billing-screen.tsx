import { useState } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { useBilling } from '../api/get-billing';
import { ActiveCard } from './active-card';
import { AddCreditsDialog } from './add-credits-dialog';
import { AutofillDialog } from './autofill-dialog';
import { BillingHistory } from './billing-history';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { CardDialog } from './card-dialog';
import { CreditsCard } from './credits-card';
import { CurrentPlanCard } from './current-plan-card';
import { PlanCards } from './plan-cards';
import { SubscribeDialog, type SubscribeChoice } from './subscribe-dialog';

type Dialog = 'card' | 'credits' | 'autofill' | 'cancel' | null;

/**
 * Settings > Billing and /billing (spec part 2 §2), admins only: the plan and this month's usage,
 * the credits with add-more and autofill, the active card, the plans to subscribe to, the history.
 * Payments go through Stripe (ADR 019); without its keys the payment buttons say payments are not
 * configured, and staff can still grant credits.
 */
export function BillingScreen({ timeZone }: { timeZone: string | null }) {
  const billing = useBilling();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [choice, setChoice] = useState<SubscribeChoice | null>(null);
  const close = () => setDialog(null);
  const data = billing.data;
  const canPay = data?.paymentsConfigured === true;
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <PageTitle>Billing</PageTitle>
        <Text c="dimmed" size="sm">
          Your plan, this month's usage, your card and your credits.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <CurrentPlanCard subscription={data?.subscription ?? null} onCancel={() => setDialog('cancel')} />
        <CreditsCard
          onAddCredits={canPay ? () => setDialog('credits') : undefined}
          onAutofill={() => setDialog('autofill')}
        />
      </SimpleGrid>
      {data && <ActiveCard billing={data} onChange={() => setDialog('card')} />}
      {data && (
        <PlanCards
          current={data.plan}
          paymentsConfigured={data.paymentsConfigured}
          onSubscribe={canPay ? (plan, monthly) => setChoice({ plan, monthly }) : undefined}
        />
      )}
      <BillingHistory timeZone={timeZone} />
      {data && (
        <>
          <CardDialog opened={dialog === 'card'} hasCard={data.card !== null} onClose={close} />
          {dialog === 'credits' && <AddCreditsDialog opened billing={data} onClose={close} />}
          {dialog === 'autofill' && <AutofillDialog opened billing={data} onClose={close} />}
          <CancelSubscriptionDialog opened={dialog === 'cancel'} billing={data} onClose={close} />
          <SubscribeDialog
            choice={choice}
            billing={data}
            onClose={() => setChoice(null)}
            onAddCard={() => {
              setChoice(null);
              setDialog('card');
            }}
          />
        </>
      )}
    </Stack>
  );
}
