import { useState } from 'react';
import { Text } from '@mantine/core';
import { PLANS, type BillingSummary } from '@prospector/core';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useCancelSubscription } from '../api/cancel-subscription';
import { DialogError } from './dialog-parts';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** The cancel-subscription confirmation (spec part 2 §2), wired: cancels at the end of the period. */
export function CancelSubscriptionDialog({
  opened,
  billing,
  onClose,
}: {
  opened: boolean;
  billing: BillingSummary;
  onClose: () => void;
}) {
  const cancel = useCancelSubscription();
  const [error, setError] = useState<string | null>(null);
  const sub = billing.subscription;
  const until = sub?.currentPeriodEnd ? DAY.format(new Date(sub.currentPeriodEnd)) : 'the end of the period';
  return (
    <ConfirmModal
      opened={opened}
      title="Cancel subscription"
      confirmLabel="Cancel subscription"
      pending={cancel.isPending}
      onClose={onClose}
      onConfirm={() =>
        cancel.mutate(undefined, {
          onSuccess: () => {
            notifySuccess(`Your subscription ends on ${until}.`);
            onClose();
          },
          onError: (err) => setError(err instanceof ApiError ? err.message : 'Something went wrong!'),
        })
      }
      details={<DialogError error={error} />}
    >
      <Text size="sm">
        Your {sub?.plan} plan stays until {until}. Then your team moves to BASIC: {PLANS.BASIC.smsPerMonth}{' '}
        texts and {PLANS.BASIC.callsPerMonth} calls a month, {PLANS.BASIC.users} users, no DNC import or
        export.
      </Text>
    </ConfirmModal>
  );
}
