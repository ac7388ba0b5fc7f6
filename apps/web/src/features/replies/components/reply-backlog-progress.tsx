import { Paper, Progress, Stack, Text } from '@mantine/core';
import { messages } from '@prospector/core';
import { formatCount } from '../../../lib/format';
import { useReplyBacklog } from '../api/reply-actions';

const t = messages.replies;

/**
 * The background pass over the replies received before labels existed (issue 31, item 6): how far it
 * is, while it runs. Nothing once every received text carries a label.
 */
export function ReplyBacklogProgress() {
  const data = useReplyBacklog().data;
  if (!data || data.labelled >= data.received) return null;
  const share = data.received ? (data.labelled / data.received) * 100 : 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t.backlogTitle}>
      <Stack gap={6}>
        <Text fw={600}>{t.backlogTitle}</Text>
        <Progress value={share} aria-label={t.backlogTitle} />
        <Text size="sm" c="dimmed">
          {t.backlogProgress
            .replace('{labelled}', formatCount(data.labelled))
            .replace('{received}', formatCount(data.received))}
        </Text>
      </Stack>
    </Paper>
  );
}
