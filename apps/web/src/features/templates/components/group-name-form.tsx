import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { clampGroupName, GROUP_NAME_MAX, isGroupNameValid } from '@prospector/core';

type GroupNameFormProps = {
  initial?: string;
  pending: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
};

/**
 * A group's name, typed in its tile (spec part 2 §5): input beyond 30 characters is ignored, and
 * Save (or Enter) does nothing below 3. Escape gives up.
 */
export function GroupNameForm({ initial = '', pending, onSave, onCancel }: GroupNameFormProps) {
  const [name, setName] = useState(clampGroupName(initial));
  const valid = isGroupNameValid(name);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (valid && !pending) onSave(name.trim());
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Escape') return;
    // Escape closes the name, not a modal or the page around it.
    event.stopPropagation();
    onCancel();
  }

  return (
    <Stack
      component="form"
      gap={8}
      onSubmit={submit}
      onClick={(e) => e.stopPropagation()}
      style={{ flex: 1 }}
    >
      <TextInput
        aria-label="Group name"
        placeholder="Group name"
        size="sm"
        autoFocus
        value={name}
        onChange={(event) => setName(clampGroupName(event.currentTarget.value))}
        onKeyDown={onKeyDown}
        rightSection={
          <Text size="10px" c="dimmed" pr={4}>
            {name.length}/{GROUP_NAME_MAX}
          </Text>
        }
        rightSectionWidth={44}
      />
      <Group gap={6} justify="flex-end">
        <Button size="compact-sm" variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button size="compact-sm" type="submit" disabled={!valid} loading={pending}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
