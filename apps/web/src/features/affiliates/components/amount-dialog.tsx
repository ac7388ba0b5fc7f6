import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { affiliateAmountRefusal, formatCents, parseAffiliateAmount } from '@prospector/core';
import { useMoveEarnings, type EarningsMove } from '../api/move-earnings';

const COPY: Record<EarningsMove, { title: string; intro: string; submit: string }> = {
  withdraw: {
    title: 'Withdraw earnings',
    intro: 'The amount is paid to your connected payout account.',
    submit: 'Withdraw',
  },
  loadAccount: {
    title: 'Load earnings into credits',
    intro: "The amount is added to your team's credits at once, to pay for owner look-ups.",
    submit: 'Load into credits',
  },
};

/**
 * How much of the earnings to withdraw or load: checked here by the rules the server applies
 * (positive, 2 decimals, not above the earnings), and the server's refusal shown beside the amount.
 */
export function AmountDialog({
  move,
  earnings,
  onClose,
  onDone,
}: {
  move: EarningsMove;
  earnings: number;
  onClose: () => void;
  /** The move went through (the summary in the cache is the new one). */
  onDone: () => void;
}) {
  const copy = COPY[move];
  const [amount, setAmount] = useState<string | number>('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMoveEarnings(move, onDone);
  const earningsCents = Math.round(earnings * 100);

  const submit = () => {
    const parsed = parseAffiliateAmount(amount);
    const refusal = parsed.ok ? affiliateAmountRefusal(parsed.cents, earningsCents) : parsed.message;
    setError(refusal);
    if (parsed.ok && !refusal)
      mutation.mutate(parsed.cents / 100, { onError: (err) => setError(err.message) });
  };

  return (
    <Modal opened onClose={onClose} title={copy.title} centered radius="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {copy.intro}
          </Text>
          <NumberInput
            label="Amount"
            placeholder="0.00"
            prefix="$"
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=","
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              Available: {formatCents(earningsCents)}
            </Text>
            {earningsCents > 0 && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setAmount(earningsCents / 100)}
              >
                Use all
              </Anchor>
            )}
          </Group>
          {mutation.isError && error === null && (
            <Alert color="red" variant="light">
              {mutation.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {copy.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
