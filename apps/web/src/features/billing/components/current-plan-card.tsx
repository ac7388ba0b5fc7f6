import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatPlanPrice, messages, PLANS } from '@prospector/core';
import { LoadFailed } from '../../../components/load-failed';
import { useBillingUsage } from '../api/get-billing-usage';
import { UsageMeter } from './usage-meter';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM' as 'January 2026'. */
function monthName(month: string): string {
  return MONTH.format(new Date(`${month}-01T00:00:00Z`));
}

/** The team's plan and this month's texts, calls and users against its limits. */
export function CurrentPlanCard() {
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
                    : `${formatPlanPrice(PLANS[usage.data.plan].monthlyPrice)} a month`}
                </Text>
              </Group>
            </Stack>
            <Badge variant="light" color="gray" tt="none">
              {monthName(usage.data.month)}
            </Badge>
          </Group>
          <Stack gap="md">
            <UsageMeter label="Texts this month" meter={usage.data.sms} />
            <UsageMeter
              label="Calls this month"
              meter={usage.data.calls}
              note={usage.data.calls.used === 0 ? messages.billing.callsNotCounted : undefined}
            />
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
