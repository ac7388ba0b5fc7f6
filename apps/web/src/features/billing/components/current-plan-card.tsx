import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatPlanPrice, PLANS, type BillingSummary } from '@prospector/core';
import { LoadFailed } from '../../../components/load-failed';
import { useBillingUsage } from '../api/get-billing-usage';
import { UsageMeter } from './usage-meter';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM' as 'January 2026'. */
function monthName(month: string): string {
  return MONTH.format(new Date(`${month}-01T00:00:00Z`));
}

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The subscription's line: renews or ends on which day, and the way to cancel it. */
function SubscriptionLine({
  sub,
  onCancel,
}: {
  sub: NonNullable<BillingSummary['subscription']>;
  onCancel?: () => void;
}) {
  const day = sub.currentPeriodEnd ? DAY.format(new Date(sub.currentPeriodEnd)) : null;
  return (
    <Text size="sm" c={sub.cancelAtPeriodEnd ? 'orange' : 'dimmed'}>
      {sub.cancelAtPeriodEnd
        ? `Cancelled: ${sub.plan} ends${day ? ` on ${day}` : ''}, then BASIC.`
        : `${sub.monthly ? 'Monthly' : 'Yearly'} subscription${sub.status === 'active' ? '' : ` (${sub.status.replace('_', ' ')})`}${day ? `, renews on ${day}` : ''}.`}{' '}
      {!sub.cancelAtPeriodEnd && onCancel && (
        <Anchor component="button" type="button" size="sm" c="red" onClick={onCancel}>
          Cancel subscription
        </Anchor>
      )}
    </Text>
  );
}

/** The team's plan and this month's texts, calls and users against its limits. */
export function CurrentPlanCard({
  subscription,
  onCancel,
}: {
  subscription?: BillingSummary['subscription'];
  onCancel?: () => void;
}) {
  const usage = useBillingUsage();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="current-plan-title">
      {usage.isPending ? (
        <Stack gap="md" aria-label="Loading the plan">
          <Skeleton h={24} w={160} />
          <Skeleton h={12} />
          <Skeleton h={12} />
        </Stack>
      ) : usage.isError ? (
        <LoadFailed message="The plan's usage could not be loaded." onRetry={() => void usage.refetch()} />
      ) : (
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Text size="xs" tt="uppercase" fw={600} c="dimmed" id="current-plan-title">
                Current plan
              </Text>
              <Group gap="xs" align="baseline">
                <Title order={2} fz={24}>
                  {usage.data.plan}
                </Title>
                <Text c="dimmed" size="sm">
                  {PLANS[usage.data.plan].monthlyPrice === 0
                    ? 'Free'
                    : subscription && !subscription.monthly
                      ? `${formatPlanPrice(PLANS[usage.data.plan].yearlyPrice)} a year`
                      : `${formatPlanPrice(PLANS[usage.data.plan].monthlyPrice)} a month`}
                </Text>
              </Group>
            </Stack>
            <Badge variant="light" color="gray" tt="none">
              {monthName(usage.data.month)}
            </Badge>
          </Group>
          {subscription && <SubscriptionLine sub={subscription} onCancel={onCancel} />}
          <Stack gap="md">
            <UsageMeter label="Texts this month" meter={usage.data.sms} />
            <UsageMeter label="Calls this month" meter={usage.data.calls} />
            <UsageMeter label="Users" meter={usage.data.users} />
          </Stack>
          <Text size="xs" c="dimmed">
            The month runs in your team's time zone ({usage.data.timeZone}).
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
