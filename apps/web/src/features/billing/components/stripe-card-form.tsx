import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, Text } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry injects Stripe.js only when loadStripe is called: when this form first shows.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { ApiError } from '../../../lib/api-client';
import { createSetupIntent } from '../api/create-setup-intent';
import { DialogActions, DialogError } from './dialog-parts';

const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

type Props = {
  publishableKey: string;
  submitLabel: string;
  /** The card was confirmed at Stripe: `token` is the SetupIntent the server saves it from. */
  onConfirmed: (token: string) => Promise<void>;
  onCancel: () => void;
};

/**
 * Card entry with Stripe Elements: the number never reaches our server. A SetupIntent from the
 * server is confirmed here with the card (3-D Secure included); the server then reads the saved
 * card (brand, last 4) from Stripe. Its own chunk: Stripe.js loads only when a card is entered.
 */
export function StripeCardForm(props: Props) {
  return (
    <Elements stripe={stripeFor(props.publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ submitLabel, onConfirmed, onCancel }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setPending(true);
    setError(null);
    try {
      const intent = await createSetupIntent();
      const result = await stripe.confirmCardSetup(intent.clientSecret, { payment_method: { card } });
      if (result.error) setError(result.error.message ?? 'The card could not be saved.');
      else await onConfirmed(intent.setupIntentId);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The card could not be saved.');
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Card details">
      <Stack gap="md">
        <Box
          p="sm"
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-md)',
          }}
        >
          <CardElement options={{ hidePostalCode: false, style: { base: { fontSize: '15px' } } }} />
        </Box>
        <Text size="xs" c="dimmed">
          Your card is kept by Stripe; we see only its brand and last four digits.
        </Text>
        <DialogError error={error} />
        <DialogActions onCancel={onCancel} pending={pending}>
          <Button type="submit" loading={pending} disabled={!stripe}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
