import type { ReactNode } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconCalendar,
  IconChartBar,
  IconClock,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { replyRate as stepReplyRate, type CampaignDto } from '@prospector/core';
import { formatDate } from '../../../lib/format';
import { campaignState, STATE_BADGE } from '../utils/campaign-state';
import { formatHours, formatWeekDays, formatZone } from '../utils/schedule-format';

const number = new Intl.NumberFormat('en-US');

/** A text campaign counts texts sent and replies; a call campaign, contacts called and answered. */
const TEXT_WORDS = { done: 'Sent', doneTo: 'Sent to', whom: 'recipients', answer: 'Replied' };
const CALL_WORDS = { done: 'Called', doneTo: 'Called', whom: 'contacts', answer: 'Answered' };

/** 'First text' / 'First call', then 'Follow-up 1' / 'Follow-up call 1'. */
function stepName(step: number, calls: boolean): string {
  if (step === 0) return calls ? 'First call' : 'First text';
  return calls ? `Follow-up call ${step}` : `Follow-up ${step}`;
}

export type CampaignCardProps = {
  campaign: CampaignDto;
  onPlayPause: (campaign: CampaignDto) => void;
  onDetails: (campaign: CampaignDto) => void;
  onDelete: (campaign: CampaignDto) => void;
};

function Meta({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm" c="gray.7">
        {children}
      </Text>
    </Group>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Group gap={6} align="baseline" wrap="nowrap">
        <Text fw={700} size="lg">
          {value}
        </Text>
        {detail && (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** One campaign: name and state, its schedule, how far it got, and its controls (spec part 1 §2). */
export function CampaignCard({ campaign, onPlayPause, onDetails, onDelete }: CampaignCardProps) {
  const state = campaignState(campaign);
  const badge = STATE_BADGE[state];
  const zone = campaign.timezone;
  const progress = campaign.recipients > 0 ? Math.min(100, (campaign.sent / campaign.recipients) * 100) : 0;
  const replyRate = campaign.sent > 0 ? Math.round((campaign.replied / campaign.sent) * 100) : 0;
  const words = campaign.campaignType === 'Call' ? CALL_WORDS : TEXT_WORDS;
  const dates = campaign.endDate
    ? `${formatDate(campaign.startDate, zone)} – ${formatDate(campaign.endDate, zone)}`
    : `From ${formatDate(campaign.startDate, zone)}`;

  return (
    <Paper component="article" aria-label={campaign.name} withBorder radius="lg" p="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="lg">
        <Stack gap={8} miw={0} style={{ flex: 1 }}>
          <Group gap="sm" wrap="nowrap">
            <Text fw={650} size="lg" truncate>
              {campaign.name}
            </Text>
            <Badge color={badge.color} variant="light" radius="sm" tt="none" fw={600}>
              {badge.label}
            </Badge>
          </Group>
          <Group gap="lg" wrap="wrap">
            <Meta icon={<IconClock size={15} color="var(--mantine-color-gray-6)" />}>
              {formatWeekDays(campaign.weekDays)} · {formatHours(campaign.startHour, campaign.endHour)} ·{' '}
              {formatZone(zone)}
            </Meta>
            <Meta icon={<IconCalendar size={15} color="var(--mantine-color-gray-6)" />}>{dates}</Meta>
          </Group>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {state !== 'finished' && (
            <Tooltip label={state === 'paused' ? 'Resume' : 'Pause'} withArrow>
              <ActionIcon
                variant="light"
                color={state === 'paused' ? 'teal' : 'yellow'}
                size="lg"
                aria-label={`${state === 'paused' ? 'Resume' : 'Pause'} ${campaign.name}`}
                onClick={() => onPlayPause(campaign)}
              >
                {state === 'paused' ? <IconPlayerPlay size={18} /> : <IconPlayerPause size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
          <Button
            variant="default"
            leftSection={<IconChartBar size={16} />}
            onClick={() => onDetails(campaign)}
            aria-label={`Details of ${campaign.name}`}
          >
            Details
          </Button>
          <Tooltip label="Delete" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Delete ${campaign.name}`}
              onClick={() => onDelete(campaign)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Group gap={48} mt="md" align="flex-start" wrap="wrap">
        <Stack gap={6} style={{ flex: 1 }} miw={220} maw={420}>
          <Figure
            label={words.done}
            value={number.format(campaign.sent)}
            detail={`of ${number.format(campaign.recipients)} ${words.whom}`}
          />
          <Progress
            value={progress}
            size="sm"
            radius="xl"
            color={state === 'running' ? 'brand' : 'gray'}
            aria-label={`${words.doneTo} ${number.format(campaign.sent)} of ${number.format(campaign.recipients)} ${words.whom}`}
          />
        </Stack>
        <Figure
          label={words.answer}
          value={number.format(campaign.replied)}
          detail={campaign.sent > 0 ? `${replyRate}% of ${words.done.toLowerCase()}` : undefined}
        />
        {campaign.followUps.length > 0 && (
          <Stack gap={2} aria-label={`Steps of ${campaign.name}`} role="group">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
              By step
            </Text>
            {campaign.steps.map((s) => (
              <Text key={s.step} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {stepName(s.step, campaign.campaignType === 'Call')}: {number.format(s.sent)}{' '}
                {words.done.toLowerCase()} · {number.format(s.replied)} {words.answer.toLowerCase()} (
                {stepReplyRate(s)})
              </Text>
            ))}
          </Stack>
        )}
      </Group>
    </Paper>
  );
}
