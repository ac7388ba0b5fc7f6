import type { ReactNode } from 'react';
import { Group, Input } from '@mantine/core';

type FieldHeadingProps = { label: string; description?: string; aside?: ReactNode };

/** A section's title and hint, styled as the inputs' own labels, with an optional figure on the right. */
export function FieldHeading({ label, description, aside }: FieldHeadingProps) {
  return (
    <Group justify="space-between" align="flex-end" wrap="nowrap" gap="md">
      <div>
        <Input.Label labelElement="div">{label}</Input.Label>
        {description && <Input.Description>{description}</Input.Description>}
      </div>
      {aside}
    </Group>
  );
}
