import { Grid, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { useTemplateGroups } from '../api/get-template-groups';
import type { DraftControls } from '../hooks/use-campaign-draft';
import { DevicePicker } from './device-picker';
import { DraftSummary } from './draft-summary';
import { MissingFieldsWarning } from './missing-fields-warning';
import { LazyBoundary, lazyNamed } from '../../../components/lazy-load';

// Its number inputs' library is needed on this last step only: fetched when the builder preloads its
// lazy parts, not before the builder shows (the builder's budget, ADR 017).
const FollowUpSteps = lazyNamed(() => import('./follow-up-steps'), 'FollowUpSteps');

type FinalizeStepProps = { controls: DraftControls; timeZone: string | null; contacts: number };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Step 3, 'Finalize': the campaign's name, the template groups it rotates through and its devices. */
export function FinalizeStep({ controls, timeZone, contacts }: FinalizeStepProps) {
  const { draft, update } = controls;
  const groups = useTemplateGroups();
  const groupOptions = (groups.data ?? []).map((group) => ({
    value: group._id,
    label: group.name,
    count: group.count,
    disabled: group.count === 0,
  }));

  return (
    <Grid gap="xl" align="flex-start">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <TextInput
            label="Campaign name"
            placeholder="e.g. Austin absentee owners, spring"
            value={draft.name}
            onChange={(event) => update({ name: event.currentTarget.value })}
            maxLength={120}
          />
          <MultiSelect
            label="Template groups"
            description="Each text uses a template of these groups, in rotation."
            placeholder={draft.groupIds.length ? undefined : 'Choose template groups'}
            data={groupOptions}
            value={draft.groupIds}
            onChange={(groupIds) => update({ groupIds })}
            searchable
            nothingFoundMessage={groups.isPending ? 'Loading template groups…' : 'No template groups'}
            leftSection={<IconTemplate size={16} />}
            renderOption={({ option }) => {
              const count = groupOptions.find((o) => o.value === option.value)?.count ?? 0;
              return (
                <Text size="sm" component="span">
                  {option.label}{' '}
                  <Text span size="xs" c="dimmed">
                    · {count === 0 ? 'no templates' : plural(count, 'template')}
                  </Text>
                </Text>
              );
            }}
          />
          <MissingFieldsWarning draft={draft} />
          <LazyBoundary variant="screen" fallback={null}>
            <FollowUpSteps
              value={draft.followUps}
              onChange={(followUps) => update({ followUps })}
              groups={groupOptions}
            />
          </LazyBoundary>
          <DevicePicker value={draft.devices} onChange={(devices) => update({ devices })} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <DraftSummary draft={draft} timeZone={timeZone} contacts={contacts} />
      </Grid.Col>
    </Grid>
  );
}
