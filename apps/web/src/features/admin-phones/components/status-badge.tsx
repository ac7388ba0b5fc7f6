import { Badge } from '@mantine/core';
import type { VoiceAccountDto } from '@prospector/core';

const COLORS = { active: 'teal', suspended: 'red', closed: 'gray', unknown: 'yellow' } as const;

/** A sub-account's standing at the provider. */
export function StatusBadge({ status }: { status: VoiceAccountDto['status'] }) {
  return (
    <Badge variant="light" color={COLORS[status]}>
      {status}
    </Badge>
  );
}
