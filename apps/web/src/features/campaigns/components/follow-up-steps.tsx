import { ActionIcon, Button, Group, MultiSelect, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  FOLLOW_UP_MAX_DAYS,
  FOLLOW_UP_MIN_DAYS,
  MAX_FOLLOW_UPS,
  messages,
  type FollowUpStep,
} from '@prospector/core';

type GroupOption = { value: string; label: string; disabled?: boolean };

type FollowUpStepsProps = {
  value: FollowUpStep[];
  onChange: (steps: FollowUpStep[]) => void;
  /** A text campaign's template groups; a call campaign (`calls`) calls again and needs none. */
  groups?: GroupOption[];
  calls?: boolean;
};

/**
 * The builder's follow-ups: up to 5 steps, each "if no reply after N days, send from these template
 * groups". A contact's sequence stops as soon as they reply, opt out, their number turns DNC or
 * Wrong #, their status leaves the campaign's, or a member texts or calls them. A call campaign's
 * follow-ups are "if no answer after N days, call again" (ADR 046).
 */
export function FollowUpSteps({ value, onChange, groups = [], calls = false }: FollowUpStepsProps) {
  const set = (i: number, patch: Partial<FollowUpStep>) =>
    onChange(value.map((s, k) => (k === i ? { ...s, ...patch } : s)));
  return (
    <Stack gap="xs" role="group" aria-label="Follow-ups">
      <div>
        <Text size="sm" fw={500}>
          {calls ? 'Follow-up calls' : 'Follow-ups'}
        </Text>
        <Text size="xs" c="dimmed">
          {calls
            ? messages.campaigns.followUpCallsHelp
            : 'Texts the contacts who have not replied, to the same phone from the same device. A reply, an opt-out, DNC or Wrong #, a status change or a text or call from your team stops them at once.'}
        </Text>
      </div>
      {value.map((step, i) => (
        <Paper key={i} withBorder radius="md" p="sm">
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <Text size="sm" fw={600} w={calls ? 130 : 92} style={{ flexShrink: 0 }} pb={8}>
              {calls ? `Follow-up call ${i + 1}` : `Follow-up ${i + 1}`}
            </Text>
            <NumberInput
              label={calls ? 'If no answer after' : 'If no reply after'}
              suffix={step.afterDays === 1 ? ' day' : ' days'}
              min={FOLLOW_UP_MIN_DAYS}
              max={FOLLOW_UP_MAX_DAYS}
              allowDecimal={false}
              value={step.afterDays}
              onChange={(v) => set(i, { afterDays: typeof v === 'number' ? v : FOLLOW_UP_MIN_DAYS })}
              w={calls ? 170 : 140}
            />
            {calls ? (
              <Text size="sm" pb={8} style={{ flex: 1 }}>
                call again, on the same number
              </Text>
            ) : (
              <MultiSelect
                label="send from"
                placeholder={step.groupIds.length ? undefined : 'Choose template groups'}
                data={groups}
                value={step.groupIds}
                onChange={(groupIds) => set(i, { groupIds })}
                searchable
                style={{ flex: 1 }}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove follow-up ${i + 1}`}
              onClick={() => onChange(value.filter((_, k) => k !== i))}
              mb={4}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {value.length < MAX_FOLLOW_UPS && (
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...value, { afterDays: value.length === 0 ? 2 : 3, groupIds: [] }])}
          >
            {calls ? 'Add follow-up call' : 'Add follow-up'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
