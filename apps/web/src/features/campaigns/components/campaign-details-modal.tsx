import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { replyRate, REPLY_LABEL_NAMES, REPLY_LABELS, type CampaignDto } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { waitingSentence } from '../utils/waiting-sentences';
import { useCampaignStats, type CampaignStats } from '../api/get-campaign-stats';
import { campaignState, STATE_BADGE } from '../utils/campaign-state';
import { CampaignStopped } from './campaign-stopped';
import { CampaignWaiting } from './campaign-waiting';
import { formatHours, formatWeekDays, formatZone } from '../utils/schedule-format';

const number = new Intl.NumberFormat('en-US');

type FigureKey = Exclude<
  keyof CampaignStats,
  'byDevice' | 'waiting' | 'nextTextAt' | 'steps' | 'lawWarnings' | 'repliesByLabel' | 'stopped'
>;

const FIGURES: { key: FigureKey; label: string; color?: string }[] = [
  { key: 'recipients', label: 'Recipients' },
  { key: 'pending', label: 'Pending' },
  { key: 'queued', label: 'Queued' },
  { key: 'sent', label: 'Sent' },
  { key: 'delivered', label: 'Delivered', color: 'teal.8' },
  { key: 'failed', label: 'Failed', color: 'red.8' },
  { key: 'replied', label: 'Replied', color: 'brand.7' },
  { key: 'optedOut', label: 'Opted out' },
  { key: 'skipped', label: 'Skipped' },
];

function Figures({ stats }: { stats: CampaignStats }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm">
      {FIGURES.map(({ key, label, color }) => (
        <Paper key={key} withBorder radius="md" p="sm" role="group" aria-label={label}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
            {label}
          </Text>
          <Text fw={700} fz={22} c={stats[key] > 0 ? color : undefined}>
            {number.format(stats[key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The recipients who answered, by what their latest reply says (issue 31); labels nobody got are left out. */
function RepliesByLabel({ counts }: { counts: CampaignStats['repliesByLabel'] }) {
  const shown = REPLY_LABELS.filter((l) => counts[l] > 0);
  if (shown.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No labelled replies yet.
      </Text>
    );
  return (
    <Group gap="xs" role="list" aria-label="Replies by label">
      {shown.map((l) => (
        <Badge
          key={l}
          role="listitem"
          aria-label={`${REPLY_LABEL_NAMES[l]}: ${counts[l]}`}
          size="lg"
          radius="sm"
          variant="light"
          color={l === 'interested' || l === 'callback' ? 'green' : l === 'opt_out' ? 'red' : 'gray'}
          tt="none"
        >
          {REPLY_LABEL_NAMES[l]} · {number.format(counts[l])}
        </Badge>
      ))}
    </Group>
  );
}

function DeviceTable({ devices }: { devices: CampaignStats['byDevice'] }) {
  if (devices.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No device has texted for this campaign yet.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" aria-label="Figures by device">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Device</Table.Th>
            <Table.Th ta="right">Queued</Table.Th>
            <Table.Th ta="right">Sent</Table.Th>
            <Table.Th ta="right">Delivered</Table.Th>
            <Table.Th ta="right">Failed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((d) => (
            <Table.Tr key={d.deviceId}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {formatPhone(d.name)}
                  </Text>
                  {d.paused && (
                    <Badge size="sm" color="yellow" variant="light" radius="sm" tt="none">
                      Paused
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              {([d.queued, d.sent, d.delivered, d.failed] as const).map((value, i) => (
                <Table.Td key={i} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {number.format(value)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** 'First text', 'Follow-up 1 (after 2 days)'; for a call campaign 'First call', 'Follow-up call 1 (…)'. */
export function stepLabel(step: number, campaign: CampaignDto): string {
  const calls = campaign.campaignType === 'Call';
  if (step === 0) return calls ? 'First call' : 'First text';
  const days = campaign.followUps[step - 1]?.afterDays ?? 0;
  return `Follow-up${calls ? ' call' : ''} ${step} (after ${days} ${days === 1 ? 'day' : 'days'})`;
}

/** Per step: contacts texted, replies and reply rate, those a reply stopped before it, and why the rest wait. */
function StepTable({ campaign, steps }: { campaign: CampaignDto; steps: CampaignStats['steps'] }) {
  const now = new Date();
  // A call campaign's step is a call; a person answering it is its reply (ADR 046).
  const calls = campaign.campaignType === 'Call';
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label="Figures by step">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Step</Table.Th>
            <Table.Th ta="right">{calls ? 'Called' : 'Sent'}</Table.Th>
            <Table.Th ta="right">{calls ? 'Answered or replied' : 'Replied'}</Table.Th>
            <Table.Th ta="right">{calls ? 'Answer rate' : 'Reply rate'}</Table.Th>
            <Table.Th ta="right">{calls ? 'Stopped before' : 'Stopped by a reply'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {steps.map((s) => (
            <Table.Tr key={s.step}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {stepLabel(s.step, campaign)}
                </Text>
                {s.waiting.map((g) => (
                  <Text key={`${g.reason}|${g.field ?? ''}|${g.law ?? ''}`} size="xs" c="dimmed">
                    {waitingSentence(g, campaign.timezone, now)}
                  </Text>
                ))}
              </Table.Td>
              {[
                number.format(s.sent),
                number.format(s.replied),
                replyRate(s),
                number.format(s.stoppedBefore),
              ].map((value, i) => (
                <Table.Td key={i} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {value}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type CampaignDetailsModalProps = { campaign: CampaignDto | null; onClose: () => void };

/**
 * A campaign's live figures, why its recipients wait and when it texts next, and how each device is
 * doing; refreshed on `campaignChanged`.
 */
export function CampaignDetailsModal({ campaign, onClose }: CampaignDetailsModalProps) {
  const stats = useCampaignStats(campaign?._id ?? null);
  const badge = campaign ? STATE_BADGE[campaignState(campaign)] : null;
  return (
    <Modal
      opened={campaign !== null}
      onClose={onClose}
      size="xl"
      title={
        campaign && (
          <Group gap="sm">
            <Text fw={700}>{campaign.name}</Text>
            {badge && (
              <Badge color={badge.color} variant="light" radius="sm" tt="none">
                {badge.label}
              </Badge>
            )}
          </Group>
        )
      }
    >
      {campaign && (
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {formatWeekDays(campaign.weekDays)} · {formatHours(campaign.startHour, campaign.endHour)} ·{' '}
            {formatZone(campaign.timezone)}
          </Text>
          {stats.isPending ? (
            <Skeleton h={220} radius="md" aria-label="Loading figures" />
          ) : stats.isError ? (
            <Alert color="red" variant="light">
              <Group justify="space-between">
                <Text size="sm">The figures could not be loaded.</Text>
                <Button size="xs" variant="default" onClick={() => void stats.refetch()}>
                  Try again
                </Button>
              </Group>
            </Alert>
          ) : (
            <>
              {stats.data.lawWarnings.map((w) => (
                <Alert key={w} color="yellow" variant="light" title="State law">
                  {w}
                </Alert>
              ))}
              <CampaignWaiting campaign={campaign} stats={stats.data} />
              <CampaignStopped groups={stats.data.stopped} />
              <Figures stats={stats.data} />
              {campaign.followUps.length > 0 && (
                <Stack gap="xs">
                  <Text fw={650}>By step</Text>
                  <StepTable campaign={campaign} steps={stats.data.steps} />
                </Stack>
              )}
              <Stack gap="xs">
                <Text fw={650}>Replies by label</Text>
                <RepliesByLabel counts={stats.data.repliesByLabel} />
              </Stack>
              <Stack gap="xs">
                <Text fw={650}>By device</Text>
                <DeviceTable devices={stats.data.byDevice} />
              </Stack>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
