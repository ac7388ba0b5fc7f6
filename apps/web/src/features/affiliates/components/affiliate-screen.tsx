import { useState } from 'react';
import {
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconBuildingBank, IconCoins, IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatCents, messages, paths } from '@prospector/core';
import { LoadFailed } from '../../../components/load-failed';
import { PageTitle } from '../../../components/page-title';
import { useAffiliate } from '../api/get-affiliate';
import type { EarningsMove } from '../api/move-earnings';
import { AffiliateHistory } from './affiliate-history';
import { AmountDialog } from './amount-dialog';
import { LinkCard, PayoutCard } from './affiliate-cards';

const cents = (dollars: number) => Math.round(dollars * 100);

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Stack gap={4}>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      <Title order={2} fz={32} fw={700} style={{ letterSpacing: '-0.02em' }}>
        {value}
      </Title>
      {note && (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Settings > Affiliate (spec part 2 §2, admins): total earnings, the affiliate link with a copy button,
 * signups, Withdraw (to a connected payout account), Load into credits, and the history.
 */
export function AffiliateScreen({
  timeZone,
  onCreditsLoaded,
}: {
  timeZone: string | null;
  /** Earnings went into the team's credits. */
  onCreditsLoaded?: () => void;
}) {
  const affiliate = useAffiliate();
  const [move, setMove] = useState<EarningsMove | null>(null);
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <PageTitle>Affiliate</PageTitle>
        <Text c="dimmed" size="sm">
          Refer teams to Prospector and earn a share of what they pay.
        </Text>
      </Stack>
      {affiliate.isPending ? (
        <Center h={200}>
          <Loader aria-label="Loading the affiliate programme" />
        </Center>
      ) : affiliate.isError ? (
        <LoadFailed
          message="The affiliate programme could not be loaded."
          onRetry={() => void affiliate.refetch()}
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <Paper withBorder radius="lg" p="lg" component="section" aria-label="Earnings">
              <Stack gap="md" h="100%" justify="space-between">
                <Figure
                  label="Earnings"
                  value={formatCents(cents(affiliate.data.earnings))}
                  note={`${formatCents(cents(affiliate.data.totalEarned))} earned in total`}
                />
                <Stack gap="xs">
                  <Tooltip
                    label={messages.affiliates.payoutsNotConfigured}
                    disabled={affiliate.data.payoutsConfigured}
                    withArrow
                  >
                    <Button
                      fullWidth
                      leftSection={<IconBuildingBank size={16} />}
                      disabled={!affiliate.data.payoutsConfigured}
                      onClick={() => setMove('withdraw')}
                    >
                      Withdraw
                    </Button>
                  </Tooltip>
                  <Button
                    fullWidth
                    variant="light"
                    leftSection={<IconCoins size={16} />}
                    onClick={() => setMove('loadAccount')}
                  >
                    Load into credits
                  </Button>
                </Stack>
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="lg" component="section" aria-label="Signups">
              <Figure
                label="Signups"
                value={String(affiliate.data.signups)}
                note={
                  affiliate.data.signups === 1
                    ? 'team signed up through your link'
                    : 'teams signed up through your link'
                }
              />
            </Paper>
            <PayoutCard summary={affiliate.data} />
          </SimpleGrid>
          <LinkCard link={affiliate.data.link} />
          <AffiliateHistory
            entries={affiliate.data.history}
            signups={affiliate.data.signups}
            timeZone={timeZone}
          />
          {move === 'withdraw' && affiliate.data.payoutAccount !== 'connected' ? (
            <NeedsPayoutAccount onClose={() => setMove(null)} />
          ) : (
            move && (
              <AmountDialog
                move={move}
                earnings={affiliate.data.earnings}
                onClose={() => setMove(null)}
                onDone={() => {
                  if (move === 'loadAccount') onCreditsLoaded?.();
                  setMove(null);
                }}
              />
            )
          )}
        </>
      )}
    </Stack>
  );
}

/** Cash withdrawal requires a connected payment account (spec part 2 §5). */
function NeedsPayoutAccount({ onClose }: { onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Withdraw earnings" centered radius="lg">
      <Stack gap="md">
        <Text size="sm">{messages.affiliates.noPayoutAccount}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            component={Link}
            to={paths.settings.becomeAffiliate}
            leftSection={<IconPlugConnected size={16} />}
          >
            Connect payout account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
