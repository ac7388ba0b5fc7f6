import { Badge, Chip, Group } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { messages, REPLY_LABEL_NAMES, REPLY_LABELS } from '@prospector/core';
import { useLabelCounts } from '../api/get-label-counts';
import type { InboxFilters } from '../api/messenger-keys';

type Value = InboxFilters['replyLabel'];

/** "Needs a look" and one chip per label, each with its count of records; a second click clears it. */
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
      <Chip
        size="xs"
        color="yellow"
        checked={value === 'needs_look'}
        onChange={() => pick('needs_look')}
        icon={<IconEye size={12} />}
      >
        {messages.replies.needsLook}
        {count(data?.needsLook)}
      </Chip>
      {REPLY_LABELS.map((l) => (
        <Chip key={l} size="xs" checked={value === l} onChange={() => pick(l)}>
          {REPLY_LABEL_NAMES[l]}
          {count(data?.counts[l])}
        </Chip>
      ))}
    </Group>
  );
}
