import { Box, Divider, MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconListDetails } from '@tabler/icons-react';
import { CALL_PHONE_TYPES, defaultLastContacted, messages, type CallPhoneType } from '@prospector/core';
import { LazyBoundary, lazyNamed } from '../../../components/lazy-load';
import { ListWithoutContactsNote } from '../../../components/list-without-contacts-note';
import type { StatusCount } from '../api/count-items';
import { useTargetLists } from '../api/get-target-lists';
import type { DraftControls } from '../hooks/use-campaign-draft';
import { dayOf, lastContactedOn } from '../utils/builder-dates';
import { audienceLabel, type TargetKind } from '../utils/campaign-draft';
import { CampaignTypePicker } from './campaign-type-picker';
import { FieldHeading } from './field-heading';
import { StatusPicker } from './status-picker';

// Its number inputs' library is not on the builder's first step otherwise (the builder's budget, ADR 017).
const FollowUpSteps = lazyNamed(() => import('./follow-up-steps'), 'FollowUpSteps');

type FilterStepProps = {
  controls: DraftControls;
  timeZone: string | null;
  rows: readonly StatusCount[];
  refreshing: boolean;
  placeholder: string | null;
};

const number = new Intl.NumberFormat('en-US');
const counted = (n: number, one: string, many: string) => `${number.format(n)} ${n === 1 ? one : many}`;

/** "350 properties · 0 contacts": campaigns text contacts, so the picker never lumps the two together. */
function listContents(list: { itemCount: number; propCount: number }): string {
  return `${counted(list.propCount, 'property', 'properties')} · ${counted(list.itemCount, 'contact', 'contacts')}`;
}

/** Step 1, 'Filter Contacts': the type, who to text (all contacts or lists), their statuses and last contact. */
export function FilterStep({ controls, timeZone, rows, refreshing, placeholder }: FilterStepProps) {
  const { draft, update, chooseStatuses } = controls;
  const lists = useTargetLists();
  const listOptions = (lists.data ?? []).map((list) => ({ value: list._id, label: list.name, list }));
  // A chosen list of properties alone says why it gives no one to text, and what to do.
  const chosenLists =
    draft.target === 'lists' ? (lists.data ?? []).filter((list) => draft.listIds.includes(list._id)) : [];
  const latestDay = dayOf(defaultLastContacted(new Date()), timeZone);

  return (
    <Stack gap="lg">
      <CampaignTypePicker value={draft.campaignType} onChange={(campaignType) => update({ campaignType })} />
      {draft.campaignType === 'Call' && (
        <Stack gap="xs">
          <FieldHeading label="Phone type" description="Which numbers the dialler calls." />
          <SegmentedControl
            aria-label="Phone type"
            data={[...CALL_PHONE_TYPES]}
            value={draft.phoneType}
            onChange={(v) => update({ phoneType: v as CallPhoneType })}
            w="fit-content"
          />
        </Stack>
      )}
      <Divider color="gray.2" />
      <Stack gap="sm">
        <FieldHeading
          label={draft.campaignType === 'Call' ? 'Who to call' : 'Who to text'}
          description={
            draft.audience
              ? messages.bulk.audienceHint
              : 'Everyone in your data, or only the contacts of some lists.'
          }
        />
        <SegmentedControl
          value={draft.target}
          onChange={(target) => update({ target: target as TargetKind })}
          data={[
            // Opened from a selection: it comes first, and is what the builder starts with.
            ...(draft.audience ? [{ label: audienceLabel(draft.audience), value: 'selection' }] : []),
            { label: 'All contacts', value: 'all' },
            { label: 'Specific lists', value: 'lists' },
          ]}
          w={{ base: '100%', sm: draft.audience ? 540 : 360 }}
        />
        {draft.target === 'lists' && (
          <MultiSelect
            label="Lists"
            placeholder={draft.listIds.length ? undefined : 'Choose lists'}
            data={listOptions}
            value={draft.listIds}
            onChange={(listIds) => update({ listIds })}
            searchable
            clearable
            nothingFoundMessage={lists.isPending ? 'Loading lists…' : 'No imported lists match'}
            leftSection={<IconListDetails size={16} />}
            renderOption={({ option }) => {
              const list = listOptions.find((o) => o.value === option.value)?.list;
              return (
                <Text size="sm" component="span">
                  {option.label}{' '}
                  {list && (
                    <Text span size="xs" c="dimmed">
                      · {listContents(list)}
                    </Text>
                  )}
                </Text>
              );
            }}
          />
        )}
        {chosenLists.map((list) => (
          <Box key={list._id} maw={720}>
            <ListWithoutContactsNote list={list} skiptrace="list page" />
          </Box>
        ))}
      </Stack>
      <Divider color="gray.2" />
      <StatusPicker
        rows={rows}
        value={draft.statuses}
        onChange={(statuses) => chooseStatuses(statuses, rows)}
        refreshing={refreshing}
        placeholder={placeholder}
      />
      <DatePickerInput
        label="Last contacted before"
        description="Leaves out contacts texted since this day. It must be at least 7 days back."
        placeholder="Any time"
        value={draft.lastContactedAt ? dayOf(draft.lastContactedAt, timeZone) : null}
        onChange={(day) =>
          update({ lastContactedAt: day ? lastContactedOn(day, new Date(), timeZone) : null })
        }
        maxDate={latestDay}
        valueFormat="MMM D, YYYY"
        clearable
        clearButtonProps={{ 'aria-label': 'Clear Last contacted before' }}
        leftSection={<IconCalendar size={16} />}
        w={{ base: '100%', sm: 360 }}
      />
      {draft.campaignType === 'Call' && (
        <>
          <Divider color="gray.2" />
          {/* A call campaign launches from this step: its follow-up calls are set here (ADR 046). */}
          <LazyBoundary variant="screen" fallback={null}>
            <FollowUpSteps calls value={draft.followUps} onChange={(followUps) => update({ followUps })} />
          </LazyBoundary>
        </>
      )}
    </Stack>
  );
}
