import type { ReactNode } from 'react';
import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { audienceLabel, type CampaignDraft } from '../utils/campaign-draft';
import { middayOf } from '../utils/builder-dates';
import { formatDate } from '../../../lib/format';
import { formatHours, formatWeekDays, formatZone } from '../utils/schedule-format';

const number = new Intl.NumberFormat('en-US');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right">
        {children}
      </Text>
    </Group>
  );
}

type DraftSummaryProps = { draft: CampaignDraft; timeZone: string | null; contacts: number };

/** What the campaign will do, as chosen on the earlier steps. */
export function DraftSummary({ draft, timeZone, contacts }: DraftSummaryProps) {
  const day = (d: string) => formatDate(middayOf(d, timeZone).toISOString(), timeZone);
  return (
    <Paper withBorder radius="lg" p="lg" bg="gray.0" aria-label="Campaign summary" component="section">
      <Stack gap="sm">
        <Text fw={650}>Summary</Text>
        <Divider color="gray.3" />
        <Row label="Type">{draft.campaignType ?? '—'}</Row>
        <Row label="Contacts">{number.format(contacts)}</Row>
        <Row label="Target">
          {draft.target === 'all'
            ? 'All contacts'
            : draft.target === 'selection' && draft.audience
              ? audienceLabel(draft.audience)
              : `${draft.listIds.length} list${draft.listIds.length === 1 ? '' : 's'}`}
        </Row>
        <Row label="Days">{draft.weekDays.length ? formatWeekDays(draft.weekDays) : '—'}</Row>
        <Row label="Hours">{formatHours(draft.startHour, draft.endHour)}</Row>
        <Row label="Starts">{day(draft.startDate)}</Row>
        <Row label="Ends">{draft.hasEnd && draft.endDate ? day(draft.endDate) : 'When you stop it'}</Row>
        {timeZone && <Row label="Time zone">{formatZone(timeZone)}</Row>}
      </Stack>
    </Paper>
  );
}
