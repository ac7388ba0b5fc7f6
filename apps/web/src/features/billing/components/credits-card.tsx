import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import {
  dollarsToUnits,
  formatCredits,
  formatLookupPrice,
  LOOKUP_KINDS,
  LOOKUP_LABELS,
  messages,
  PLANS,
  SINGLE_SKIP_PRICE,
} from '@prospector/core';
import { LoadFailed } from '../../../components/load-failed';
import { useBilling } from '../api/get-billing';

/**
 * The team's credits, to 2 decimals (spec part 2 §9), with Add credits and the autofill setting.
 * Adding credits needs a card payment: without payments the button says so instead.
 */
export function CreditsCard({
  onAddCredits,
  onAutofill,
}: {
  onAddCredits?: () => void;
  onAutofill?: () => void;
}) {
  const billing = useBilling();
  const canPay = billing.data?.paymentsConfigured === true && onAddCredits !== undefined;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="credits-title">
      {billing.isPending ? (
        <Stack gap="md" aria-label="Loading the credits">
          <Skeleton h={14} w={80} />
          <Skeleton h={36} w={140} />
        </Stack>
      ) : billing.isError ? (
        <LoadFailed message="The credits could not be loaded." onRetry={() => void billing.refetch()} />
      ) : (
        <Stack gap="md" h="100%" justify="space-between">
          <Stack gap={4}>
            <Text size="xs" tt="uppercase" fw={600} c="dimmed" id="credits-title">
              Credits
            </Text>
            <Title order={2} fz={36} fw={700} style={{ letterSpacing: '-0.02em' }}>
              {formatCredits(dollarsToUnits(billing.data.credits) ?? 0)}
            </Title>
            <Text size="sm" c="dimmed">
              Credits pay for owner look-ups (skip tracing). Only look-ups that find data are charged.
            </Text>
          </Stack>
          <Stack gap={4} aria-label={`Prices on ${billing.data.plan}`} role="list">
            <Group justify="space-between" role="listitem">
              <Text size="sm">Skip trace, per hit</Text>
              <Text size="sm" fw={500}>
                {formatLookupPrice(SINGLE_SKIP_PRICE)}
              </Text>
            </Group>
            {LOOKUP_KINDS.map((kind) => (
              <Group key={kind} justify="space-between" role="listitem">
                <Text size="sm">{LOOKUP_LABELS[kind]}</Text>
                <Text size="sm" fw={500}>
                  {formatLookupPrice(PLANS[billing.data.plan].prices[kind])}
                </Text>
              </Group>
            ))}
          </Stack>
          <Stack gap={6}>
            <Button
              leftSection={<IconCoins size={16} />}
              disabled={!canPay}
              onClick={onAddCredits}
              variant={canPay ? 'filled' : 'default'}
            >
              {canPay ? 'Add credits' : messages.billing.paymentsNotConfigured}
            </Button>
            {canPay ? (
              <Text size="xs" c={billing.data.autofillFailure ? 'red' : 'dimmed'} ta="center">
                {billing.data.autofillFailure
                  ? messages.billing.autofillTurnedOff.replace('{reason}', billing.data.autofillFailure)
                  : billing.data.autoFill && billing.data.load !== null && billing.data.lowerThan !== null
                    ? `Autofill: $${billing.data.load.toFixed(2)} when below $${billing.data.lowerThan.toFixed(2)}.`
                    : 'Autofill is off.'}{' '}
                <Anchor component="button" type="button" size="xs" onClick={onAutofill}>
                  Autofill settings
                </Anchor>
              </Text>
            ) : (
              <Text size="xs" c="dimmed" ta="center">
                Staff can still add credits to your team.
              </Text>
            )}
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
