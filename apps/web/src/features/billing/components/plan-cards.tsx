import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import {
  formatLookupPrice,
  formatPlanPrice,
  messages,
  PLAN_NAMES,
  PLANS,
  type PaidPlanName,
  type Plan,
  type PlanName,
} from '@prospector/core';

type Period = 'monthly' | 'yearly';

const count = new Intl.NumberFormat('en-US');

function features(plan: Plan): { text: string; included: boolean }[] {
  return [
    {
      text: plan.smsPerMonth === null ? 'Unlimited texts' : `${count.format(plan.smsPerMonth)} texts a month`,
      included: true,
    },
    {
      text:
        plan.callsPerMonth === null ? 'Unlimited calls' : `${count.format(plan.callsPerMonth)} calls a month`,
      included: true,
    },
    { text: plan.users === null ? 'Unlimited users' : `${plan.users} users`, included: true },
    { text: 'DNC import and export', included: plan.dnc },
    {
      text: `Alternate-data skip traces at ${formatLookupPrice(plan.prices.skip)}`,
      included: true,
    },
  ];
}

type PlanCardsProps = {
  current: PlanName;
  paymentsConfigured: boolean;
  /** Starts a subscription (the card form); absent while payments cannot be taken. */
  onSubscribe?: (plan: PaidPlanName, monthly: boolean) => void;
};

/** BASIC, LITE and PRO side by side, priced monthly or yearly (spec part 2 §9). */
export function PlanCards({ current, paymentsConfigured, onSubscribe }: PlanCardsProps) {
  const [period, setPeriod] = useState<Period>('monthly');
  const canPay = paymentsConfigured && onSubscribe !== undefined;
  return (
    <Stack gap="md" component="section" aria-labelledby="plans-title">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} fz={18} id="plans-title">
            Plans
          </Title>
          <Text size="sm" c="dimmed">
            Texts go out from your own phones on every plan.
          </Text>
        </Stack>
        <SegmentedControl
          aria-label="Billing period"
          value={period}
          onChange={(v) => setPeriod(v as Period)}
          data={[
            { label: 'Monthly', value: 'monthly' },
            { label: 'Yearly', value: 'yearly' },
          ]}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {PLAN_NAMES.map((name) => {
          const plan = PLANS[name];
          const isCurrent = name === current;
          const price = period === 'monthly' ? plan.monthlyPrice : plan.yearlyPrice;
          return (
            <Paper
              key={name}
              withBorder
              radius="lg"
              p="lg"
              component="article"
              aria-label={`${name} plan`}
              style={isCurrent ? { borderColor: 'var(--mantine-color-brand-5)', borderWidth: 2 } : undefined}
            >
              <Stack gap="md" h="100%" justify="space-between">
                <Stack gap="md">
                  <Group justify="space-between">
                    <Text fw={700} size="lg">
                      {name}
                    </Text>
                    {isCurrent && (
                      <Badge variant="light" tt="none">
                        Current plan
                      </Badge>
                    )}
                  </Group>
                  <Group gap={6} align="baseline">
                    <Text fz={32} fw={700} lh={1}>
                      {formatPlanPrice(price)}
                    </Text>
                    {price > 0 && (
                      <Text c="dimmed" size="sm">
                        {period === 'monthly' ? 'a month' : 'a year'}
                      </Text>
                    )}
                  </Group>
                  <List spacing={8} size="sm" center>
                    {features(plan).map((f) => (
                      <List.Item
                        key={f.text}
                        c={f.included ? undefined : 'dimmed'}
                        icon={
                          <ThemeIcon
                            size={20}
                            radius="xl"
                            variant="light"
                            color={f.included ? 'teal' : 'gray'}
                          >
                            {f.included ? <IconCheck size={13} /> : <IconX size={13} />}
                          </ThemeIcon>
                        }
                      >
                        {f.included ? f.text : `No ${f.text}`}
                      </List.Item>
                    ))}
                  </List>
                </Stack>
                {isCurrent ? (
                  <Button variant="light" disabled fullWidth>
                    Your plan
                  </Button>
                ) : plan.monthlyPrice > 0 ? (
                  <Button
                    fullWidth
                    h="auto"
                    mih={36}
                    py={6}
                    styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35 } }}
                    disabled={!canPay}
                    variant={canPay ? 'filled' : 'default'}
                    onClick={() => onSubscribe?.(name as PaidPlanName, period === 'monthly')}
                  >
                    {canPay ? `Subscribe to ${name}` : messages.billing.paymentsNotConfigured}
                  </Button>
                ) : null}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
