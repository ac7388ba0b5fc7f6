import { List, Paper, Stack, Text } from '@mantine/core';
import { callStopSentence } from '@prospector/core';
import type { CampaignStats } from '../api/get-campaign-stats';

/**
 * A call campaign's contacts whose calls stopped, and why: taken out of a member's queue (by whom) or
 * stopped by the campaign (an answer, DNC, Wrong #, a member's own text or call). Issue 32, ADR 056.
 */
export function CampaignStopped({ groups }: { groups: CampaignStats['stopped'] }) {
  if (groups.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Stopped recipients">
      <Stack gap="xs">
        <Text fw={650}>Stopped</Text>
        <List size="sm" spacing={6} pl={4}>
          {groups.map((g) => (
            <List.Item key={`${g.reason}|${g.removedFrom ?? ''}|${g.removedBy ?? ''}`}>
              {callStopSentence(g)}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
