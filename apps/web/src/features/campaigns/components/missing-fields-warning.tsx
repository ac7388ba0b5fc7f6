import { Alert, Code, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMissingFields, type MissingFields } from '../api/count-missing-fields';
import { targetAudienceJobId, targetListIds, type CampaignDraft } from '../utils/campaign-draft';

const number = new Intl.NumberFormat('en-US');

function recipientsLacking(missing: number, recipients: number, field: string) {
  return `${number.format(missing)} of ${number.format(recipients)} ${recipients === 1 ? 'recipient has' : 'recipients have'} no ${field}.`;
}

/** What the count says, in sentences: the fields that would skip recipients, then those a fallback fills. */
function MissingFieldsText({ data }: { data: MissingFields }) {
  const lacking = data.fields.filter((f) => f.missing > 0);
  const skipping = lacking.filter((f) => !f.covered);
  const filled = lacking.filter((f) => f.covered);
  const example = skipping[0]?.field ?? 'First name';
  return (
    <Stack gap="xs">
      {skipping.length > 0 && (
        <List size="sm" spacing={2}>
          {skipping.map((f) => (
            <List.Item key={f.field}>{recipientsLacking(f.missing, data.recipients, f.field)}</List.Item>
          ))}
        </List>
      )}
      {skipping.length > 0 && (
        <Text size="sm">
          The campaign skips them. To text them anyway, give the field a fallback in your templates:{' '}
          <Code>**{example}|there**</Code> writes “there” for anyone without a {example}.
        </Text>
      )}
      {filled.length > 0 && (
        <Text size="sm" c="dimmed">
          {filled
            .map(
              (f) =>
                `${recipientsLacking(f.missing, data.recipients, f.field).slice(0, -1)}: they get the fallback.`,
            )
            .join(' ')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Before launch: how many of the chosen recipients lack each field the chosen templates use, and how
 * to text them anyway. Nothing is shown while every recipient has every field.
 */
export function MissingFieldsWarning({ draft }: { draft: CampaignDraft }) {
  const filter = {
    listIds: targetListIds(draft),
    audienceJobId: targetAudienceJobId(draft),
    statuses: draft.statuses,
    lastContactedAt: draft.lastContactedAt,
    groupIds: draft.groupIds,
  };
  const enabled = draft.groupIds.length > 0 && draft.statuses.length > 0;
  const counts = useMissingFields(filter, enabled);
  if (!enabled || !counts.data) return null;
  const lacking = counts.data.fields.filter((f) => f.missing > 0);
  if (lacking.length === 0) return null;
  const skipping = lacking.some((f) => !f.covered);
  return (
    <Alert
      role="status"
      color={skipping ? 'yellow' : 'gray'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={skipping ? 'Some recipients would be skipped' : 'Some recipients get a fallback'}
    >
      <MissingFieldsText data={counts.data} />
    </Alert>
  );
}
