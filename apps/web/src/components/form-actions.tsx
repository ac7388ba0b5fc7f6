import { useState } from 'react';
import { Button, Group } from '@mantine/core';

/** A form's copy of `initial` that its fields change a part at a time; Save sends the whole. */
export function useDraft<T extends object>(initial: T) {
  const [draft, setDraft] = useState(initial);
  const set = (patch: Partial<T>) => setDraft((d) => ({ ...d, ...patch }));
  return [draft, set] as const;
}

/**
 * A settings form's Cancel and Save, right-aligned: Cancel closes without saving (held while the save
 * is on its way), Save submits the form.
 */
export function FormActions({
  onCancel,
  pending,
  saveDisabled = false,
}: {
  onCancel: () => void;
  pending: boolean;
  saveDisabled?: boolean;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" loading={pending} disabled={saveDisabled}>
        Save
      </Button>
    </Group>
  );
}
