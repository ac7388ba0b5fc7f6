import { lazy, Suspense } from 'react';
import { Alert, Center, Loader, Modal, Text } from '@mantine/core';
import { messages } from '@prospector/core';
import { notifySuccess } from '../../../lib/notify';
import { useChangeCard } from '../api/change-card';
import { useStripeKey } from '../api/get-stripe-key';

const StripeCardForm = lazy(async () => ({ default: (await import('./stripe-card-form')).StripeCardForm }));

/** Adds or changes the team's card (Settings > Billing 'Active card with change dialog'). */
export function CardDialog({
  opened,
  hasCard,
  onClose,
}: {
  opened: boolean;
  hasCard: boolean;
  onClose: () => void;
}) {
  const key = useStripeKey(opened);
  const change = useChangeCard();
  const loading = (
    <Center py="xl">
      <Loader size="sm" aria-label="Loading the card form" />
    </Center>
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>{hasCard ? 'Change card' : 'Add a card'}</Text>}
    >
      {key.isPending ? (
        loading
      ) : !key.data ? (
        <Alert color="gray" variant="light">
          {messages.billing.paymentsNotConfigured}
        </Alert>
      ) : (
        <Suspense fallback={loading}>
          <StripeCardForm
            publishableKey={key.data}
            submitLabel={hasCard ? 'Save new card' : 'Save card'}
            onCancel={onClose}
            onConfirmed={async (token) => {
              const saved = await change.mutateAsync({ token });
              notifySuccess(saved.card ? `Card ending ${saved.card.last4} saved.` : 'Card saved.');
              onClose();
            }}
          />
        </Suspense>
      )}
    </Modal>
  );
}
