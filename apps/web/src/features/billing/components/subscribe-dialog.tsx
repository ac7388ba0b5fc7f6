import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  formatCard,
  formatPlanPrice,
  messages,
  PLANS,
  type BillingSummary,
  type PaidPlanName,
} from '@prospector/core';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useSubscribe } from '../api/subscribe';
import { DialogActions, DialogError } from './dialog-parts';

export type SubscribeChoice = { plan: PaidPlanName; monthly: boolean };

/** Confirms a subscription (or a move to another plan) before the card is charged. */
export function SubscribeDialog({
  choice,
  billing,
  onAddCard,
  onClose,
}: {
  choice: SubscribeChoice | null;
  billing: BillingSummary;
  onAddCard: () => void;
  onClose: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const subscribe = useSubscribe();
  const plan = choice ? PLANS[choice.plan] : null;
  const price = plan && choice ? (choice.monthly ? plan.monthlyPrice : plan.yearlyPrice) : 0;
  const period = choice?.monthly ? 'month' : 'year';
  const moving = billing.subscription !== null;

  function confirm() {
    if (!choice) return;
    setError(null);
    subscribe.mutate(choice, {
      onSuccess: () => {
        notifySuccess(`You are on ${choice.plan} now.`);
        onClose();
      },
      onError: (err) => setError(err instanceof ApiError ? err.message : 'Something went wrong!'),
    });
  }

  return (
    <Modal
      opened={choice !== null}
      onClose={onClose}
      title={<Text fw={700}>{choice ? `${moving ? 'Move' : 'Subscribe'} to ${choice.plan}` : ''}</Text>}
    >
      {choice && (
        <Stack gap="md">
          <Group gap={6} align="baseline">
            <Text fz={28} fw={700}>
              {formatPlanPrice(price)}
            </Text>
            <Text c="dimmed">a {period}</Text>
          </Group>
          {billing.card ? (
            <Text size="sm">
              {formatCard(billing.card)} is charged now
              {moving ? ' (less what is left of your current period)' : ''}, then every {period} until you
              cancel. You can cancel any time; the plan stays until the period ends.
            </Text>
          ) : (
            <Alert color="brand" variant="light">
              {messages.billing.addCardFirst}
            </Alert>
          )}
          <DialogError error={error} />
          <DialogActions onCancel={onClose} pending={subscribe.isPending}>
            {billing.card ? (
              <Button onClick={confirm} loading={subscribe.isPending}>
                {`Pay ${formatPlanPrice(price)} and subscribe`}
              </Button>
            ) : (
              <Button onClick={onAddCard}>Add a card</Button>
            )}
          </DialogActions>
        </Stack>
      )}
    </Modal>
  );
}
