import { Badge, Chip, Group } from '@mantine/core';
import { REPLY_LABEL_NAMES, REPLY_LABELS } from '@prospector/core';
import { useLabelCounts } from '../api/get-label-counts';
import type { InboxFilters } from '../api/messenger-keys';

type Value = InboxFilters['replyLabel'];

/** One chip per label, each with its count of records; a second click clears it ("Needs a look" is a tab). */
export function LabelChips({ value, onChange }: { value: Value; onChange: (v: Value) => void }) {
  const data = useLabelCounts().data;
  const pick = (v: NonNullable<Value>) => onChange(value === v ? null : v);
  const count = (n: number | undefined) => (
    <Badge size="xs" variant="light" color="gray" ml={6} circle={false}>
      {n ?? 0}
    </Badge>
  );
  return (
    <Group gap={6} aria-label="Reply labels" role="group">
      {REPLY_LABELS.map((l) => (
        <Chip key={l} size="xs" checked={value === l} onChange={() => pick(l)}>
          {REPLY_LABEL_NAMES[l]}
          {count(data?.counts[l])}
        </Chip>
      ))}
    </Group>
  );
}
