import { Code, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { CampaignDto } from '@prospector/core';
import type { CampaignStats } from '../api/get-campaign-stats';
import { nextTextSentence, waitingSentence } from '../utils/waiting-sentences';

/** A sentence with its template placeholders (`**Field|fallback**`) set as code. */
function Sentence({ text }: { text: string }) {
  return text.split(/(\*\*[^*]+\*\*)/).map((part, i) => (i % 2 === 1 ? <Code key={i}>{part}</Code> : part));
}

type CampaignWaitingProps = { campaign: CampaignDto; stats: CampaignStats; now?: Date };

/**
 * The details' plain account of what the campaign is waiting for: when the next text goes (in the
 * campaign's zone, the team's when it was launched) and, per reason, how many recipients wait and why.
 */
export function CampaignWaiting({ campaign, stats, now = new Date() }: CampaignWaitingProps) {
  const zone = campaign.timezone;
  // A call campaign's contacts wait in the callers' queues or for their next follow-up call: no
  // text goes, and the groups below say when each is due (ADR 046).
  const next =
    campaign.campaignType === 'Call'
      ? null
      : nextTextSentence(
          {
            nextTextAt: stats.nextTextAt,
            paused: campaign.paused,
            finished: campaign.status === 'Finished',
            pending: stats.pending,
          },
          zone,
          now,
        );
  if (!next && stats.waiting.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" component="section" aria-label="Waiting recipients">
      <Stack gap="sm">
        {next && (
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon variant="light" radius="xl" size="md">
              <IconClock size={16} />
            </ThemeIcon>
            <Text fw={650}>{next}</Text>
          </Group>
        )}
        {stats.waiting.length > 0 && (
          <List size="sm" spacing={6} pl={4}>
            {stats.waiting.map((g) => (
              <List.Item key={`${g.reason}|${g.field ?? ''}|${g.law ?? ''}`}>
                <Sentence text={waitingSentence(g, zone, now)} />
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
