import { useState } from 'react';
import { Button, Group, Input, Select, Text } from '@mantine/core';
import { useChangeContactHours, useContactHours, type ContactHours } from '../api/contact-hours';
import { FIELD_WIDTH } from './types';

const LAW = 'law';
// Two selects and 'to' between them take the width of the other fields.
const HOUR_WIDTH = (FIELD_WIDTH - 36) / 2;
const hourOptions = (lawLabel: string) => [
  { value: LAW, label: lawLabel },
  ...Array.from({ length: 25 }, (_, h) => ({ value: String(h), label: `${h}:00` })),
];
const toValue = (h: number | null) => (h === null ? LAW : String(h));
const toHour = (v: string | null) => (v === null || v === LAW ? null : Number(v));

/** The team's own texting and calling hours, in each contact's time: only stricter than the law's. */
export function ContactHoursField({ canEdit }: { canEdit: boolean }) {
  const saved = useContactHours();
  const change = useChangeContactHours();
  // What the admin changed since the last save, over the saved hours.
  const [edits, setEdits] = useState<Partial<ContactHours>>({});
  const base = saved.data ?? { startHour: null, endHour: null };
  const draft: ContactHours = { ...base, ...edits };
  const dirty = draft.startHour !== base.startHour || draft.endHour !== base.endHour;
  const edit = (patch: Partial<ContactHours>) => {
    change.reset();
    setEdits((e) => ({ ...e, ...patch }));
  };
  const submit = () => change.mutate(draft, { onSuccess: () => setEdits({}) });
  return (
    <Input.Wrapper
      label="Calling and texting hours"
      description="In each contact's time. Stricter than the law only: federal law allows 8:00–21:00, and Florida, Oklahoma and Maryland end at 20:00 whatever you set."
      error={change.error?.message}
      descriptionProps={{ maw: FIELD_WIDTH }}
      errorProps={{ maw: FIELD_WIDTH }}
    >
      {/* The two hours fill the fields' width, and Save stands beside them as Save name does. */}
      <Group gap="xs" align="flex-end" mt={6} wrap="nowrap">
        <Select
          aria-label="Start of calling and texting hours"
          data={hourOptions("The law's (8:00)")}
          value={toValue(draft.startHour)}
          onChange={(v) => edit({ startHour: toHour(v) })}
          readOnly={!canEdit}
          allowDeselect={false}
          w={HOUR_WIDTH}
        />
        <Text size="sm" c="dimmed" pb={8}>
          to
        </Text>
        <Select
          aria-label="End of calling and texting hours"
          data={hourOptions("The law's (21:00)")}
          value={toValue(draft.endHour)}
          onChange={(v) => edit({ endHour: toHour(v) })}
          readOnly={!canEdit}
          allowDeselect={false}
          w={HOUR_WIDTH}
        />
        {canEdit && (
          <Button variant="default" disabled={!dirty} loading={change.isPending} onClick={submit}>
            Save hours
          </Button>
        )}
      </Group>
    </Input.Wrapper>
  );
}
