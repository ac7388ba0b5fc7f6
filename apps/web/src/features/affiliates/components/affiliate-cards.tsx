import {
  ActionIcon,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  AFFILIATE_SHARE_MONTHS,
  AFFILIATE_SHARE_PERCENT,
  messages,
  type AffiliateSummaryDto,
  paths,
} from '@prospector/core';

const PAYOUT_STATUS = {
  none: { label: 'Not connected', color: 'gray' },
  pending: { label: 'Onboarding not finished', color: 'yellow' },
  connected: { label: 'Connected', color: 'teal' },
} as const;

/** The payout account's state and the way to connect it (Stripe Connect onboarding). */
export function PayoutCard({ summary }: { summary: AffiliateSummaryDto }) {
  const status = PAYOUT_STATUS[summary.payoutAccount];
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="Payout account">
      <Stack gap="md" h="100%" justify="space-between">
        <Stack gap={6}>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            Payout account
          </Text>
          {summary.payoutsConfigured ? (
            <>
              <Badge color={status.color} variant="light" size="lg" w="fit-content">
                {status.label}
              </Badge>
              <Text size="sm" c="dimmed">
                Cash withdrawals are paid to this account through Stripe.
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {messages.affiliates.payoutsNotConfigured}. You can still load your earnings into credits.
            </Text>
          )}
        </Stack>
        {summary.payoutsConfigured && summary.payoutAccount !== 'connected' && (
          <Button
            component={Link}
            to={paths.settings.becomeAffiliate}
            variant="light"
            leftSection={<IconPlugConnected size={16} />}
          >
            {summary.payoutAccount === 'none' ? 'Connect payout account' : 'Finish onboarding'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** The affiliate link (spec part 2 §9) with its copy button. */
export function LinkCard({ link }: { link: string }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="affiliate-link-title">
      <Stack gap="xs">
        <Text size="xs" tt="uppercase" fw={600} c="dimmed" id="affiliate-link-title">
          Your affiliate link
        </Text>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            value={link}
            readOnly
            aria-label="Affiliate link"
            style={{ flex: 1 }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
                <ActionIcon
                  size={36}
                  variant={copied ? 'filled' : 'default'}
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                  aria-label={copied ? 'Copied' : 'Copy link'}
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" c="dimmed">
          Teams that sign up through this link earn you {AFFILIATE_SHARE_PERCENT}% of everything they pay in
          their first {AFFILIATE_SHARE_MONTHS} months.
        </Text>
      </Stack>
    </Paper>
  );
}
