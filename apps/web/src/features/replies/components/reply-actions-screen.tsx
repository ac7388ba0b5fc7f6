import { Checkbox, Group, NumberInput, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import {
  REPLY_LABEL_NAMES,
  type ReplyActionSettings,
  type ReplyLabel,
  type StatusDto,
} from '@prospector/core';
import type { ReactNode } from 'react';
import {
  useReplyActionSettings,
  useReplyModelAccuracy,
  useSaveReplyActionSettings,
} from '../api/reply-actions';
import { ReplyBacklogProgress } from './reply-backlog-progress';
import { ReplyModelAccuracy } from './reply-model-accuracy';

const KEEP = '';

function LabelCard(props: {
  label: ReplyLabel;
  what: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  canEdit: boolean;
  children?: ReactNode;
}) {
  const name = REPLY_LABEL_NAMES[props.label];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={600}>{name}</Text>
            <Text size="sm" c="dimmed">
              {props.what}
            </Text>
          </Stack>
          <Switch
            checked={props.on}
            disabled={!props.canEdit}
            onChange={(e) => props.onToggle(e.currentTarget.checked)}
            aria-label={`Act on ${name}`}
          />
        </Group>
        {props.on && props.children}
      </Stack>
    </Paper>
  );
}

/**
 * Settings > Reply actions (issue 31, item 4): what Prospector does when the team's model labels a reply,
 * per label, saved at each change; admins also see how the model does on the team's corrections.
 */
export function ReplyActionsScreen({
  statuses,
  canEdit,
}: {
  statuses: readonly Pick<StatusDto, '_id' | 'text'>[];
  canEdit: boolean;
}) {
  const settings = useReplyActionSettings().data;
  const save = useSaveReplyActionSettings();
  const accuracy = useReplyModelAccuracy(canEdit);
  if (!settings) return null;
  const change = <K extends keyof ReplyActionSettings>(label: K, patch: Partial<ReplyActionSettings[K]>) =>
    save.mutate({ ...settings, [label]: { ...settings[label], ...patch } });
  const options = [
    { value: KEEP, label: 'Keep the status' },
    ...statuses.filter((s) => s.text !== 'DNC').map((s) => ({ value: s._id, label: s.text })),
  ];
  const statusPicker = (label: 'not_owner' | 'not_interested' | 'interested') => (
    <Select
      label="Move the record to"
      data={options}
      value={settings[label].statusId ?? KEEP}
      onChange={(v) => change(label, { statusId: v ? v : null })}
      allowDeselect={false}
      disabled={!canEdit}
      maw={320}
    />
  );
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        When the team&apos;s model labels a reply, Prospector acts on it as set here and says so in the
        record&apos;s thread, with Undo. A reply the model is unsure of gets no action: it is marked
        &ldquo;Needs a look&rdquo;. Opt-outs are always marked DNC.
      </Text>
      <ReplyBacklogProgress />
      {canEdit && accuracy.data && <ReplyModelAccuracy accuracy={accuracy.data} />}
      <LabelCard
        label="wrong_number"
        what="Mark the number that answered Wrong #."
        on={settings.wrong_number.on}
        onToggle={(on) => change('wrong_number', { on })}
        canEdit={canEdit}
      />
      {(['not_owner', 'not_interested'] as const).map((label) => (
        <LabelCard
          key={label}
          label={label}
          what="Move the record to a status, and stop following up."
          on={settings[label].on}
          onToggle={(on) => change(label, { on })}
          canEdit={canEdit}
        >
          {statusPicker(label)}
          <Checkbox
            label="No more follow-ups (close the record's open tasks)"
            checked={settings[label].stopFollowUps}
            onChange={(e) => change(label, { stopFollowUps: e.currentTarget.checked })}
            disabled={!canEdit}
          />
        </LabelCard>
      ))}
      <LabelCard
        label="interested"
        what="Move the record to a status, and tell the members it is assigned to."
        on={settings.interested.on}
        onToggle={(on) => change('interested', { on })}
        canEdit={canEdit}
      >
        {statusPicker('interested')}
        <Checkbox
          label="Notify the assigned members"
          checked={settings.interested.notify}
          onChange={(e) => change('interested', { notify: e.currentTarget.checked })}
          disabled={!canEdit}
        />
      </LabelCard>
      <LabelCard
        label="callback"
        what="Add a call-back task due at the time the reply names, in the contact's time zone; else due today."
        on={settings.callback.on}
        onToggle={(on) => change('callback', { on })}
        canEdit={canEdit}
      />
      <LabelCard
        label="later"
        what="Add a follow-up task at the date the reply names; else after the months below."
        on={settings.later.on}
        onToggle={(on) => change('later', { on })}
        canEdit={canEdit}
      >
        <NumberInput
          label="Follow up after"
          suffix=" months"
          min={1}
          max={24}
          allowDecimal={false}
          allowNegative={false}
          value={settings.later.months}
          onChange={(v) => typeof v === 'number' && v >= 1 && v <= 24 && change('later', { months: v })}
          disabled={!canEdit}
          maw={200}
        />
      </LabelCard>
    </Stack>
  );
}
