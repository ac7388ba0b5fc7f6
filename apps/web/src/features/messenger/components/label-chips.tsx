import { Chip, Group, Text } from '@mantine/core';
import { REPLY_LABEL_NAMES, REPLY_LABELS } from '@prospector/core';
import { useLabelCounts } from '../api/get-label-counts';
import type { InboxFilters } from '../api/messenger-keys';

type Value = InboxFilters['replyLabel'];

/** One chip per label, each with its count of records; a second click clears it ("Needs a look" is a tab). */
export function LabelChips({ value, onChange }: { value: Value; onChange: (v: Value) => void }) {
  const data = useLabelCounts().data;
  const pick = (v: NonNullable<Value>) => onChange(value === v ? null : v);
  // The count as quiet figures beside the name: a badge in each chip made the row wrap at 1440 px.
  const count = (n: number | undefined) => (
    <Text
      component="span"
      size="xs"
      fw={600}
      c="dimmed"
      ml={6}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {n ?? 0}
    </Text>
  );
  // Captioned: "Wrong number" is both a status chip (the row above) and a reply label.
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Text size="xs" fw={600} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        Latest reply
      </Text>
      <Group gap={6} aria-label="Reply labels" role="group">
        {REPLY_LABELS.map((l) => (
          <Chip key={l} size="xs" checked={value === l} onChange={() => pick(l)}>
            {REPLY_LABEL_NAMES[l]}
            {count(data?.counts[l])}
          </Chip>
        ))}
      </Group>
    </Group>
  );
}
