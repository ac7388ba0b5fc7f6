import type { ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';

/** Why the last attempt failed, read out as it appears; nothing before one failed. */
export function DialogError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {error}
    </Alert>
  );
}

/** A billing dialog's Cancel (held while its request is on its way) and its own action, right-aligned. */
export function DialogActions({
  onCancel,
  pending = false,
  children,
}: {
  onCancel: () => void;
  pending?: boolean;
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      {children}
    </Group>
  );
}
