import { useState } from 'react';
import { Button, Chip, Group, Modal, Stack, Text } from '@mantine/core';
import {
  addCreditsProblem,
  formatCard,
  formatCredits,
  MIN_CREDIT_LOAD_DOLLARS,
  type BillingSummary,
} from '@prospector/core';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useAddCredits } from '../api/add-credits';
import { DollarInput } from './dollar-input';
import { DialogActions, DialogError } from './dialog-parts';

const PRESETS = [10, 25, 50, 100];

/** 'Credits with add-more dialog': the saved card is charged the amount, at least $10 (spec part 2 §5). */
export function AddCreditsDialog({
  opened,
  billing,
  onClose,
}: {
  opened: boolean;
  billing: BillingSummary;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState<number | null>(25);
  const [error, setError] = useState<string | null>(null);
  const add = useAddCredits();

  function submit() {
    const problem = addCreditsProblem(amount, billing.card !== null);
    if (problem) return setError(problem);
    setError(null);
    add.mutate(
      { amount },
      {
        onSuccess: (summary) => {
          notifySuccess(
            `$${amount!.toFixed(2)} added. Your credits are now ${formatCredits(Math.round(summary.credits * 10_000))}.`,
          );
          onClose();
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : 'Something went wrong!'),
      },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>Add credits</Text>}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {billing.card ? `Charged now to ${formatCard(billing.card)}.` : 'Credits are paid with your card.'}
        </Text>
        <Chip.Group
          value={amount !== null && PRESETS.includes(amount) ? String(amount) : ''}
          onChange={(v) => {
            setAmount(Number(v));
            setError(null);
          }}
        >
          <Group gap="xs" aria-label="Amounts">
            {PRESETS.map((p) => (
              <Chip key={p} value={String(p)} variant="outline">
                ${p}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <DollarInput
          label="Amount"
          description={`Minimum $${MIN_CREDIT_LOAD_DOLLARS}.`}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError(null);
          }}
        />
        <DialogError error={error} />
        <DialogActions onCancel={onClose} pending={add.isPending}>
          <Button onClick={submit} loading={add.isPending}>
            {amount ? `Pay $${amount.toFixed(2)}` : 'Pay'}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
