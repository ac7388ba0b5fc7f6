import { useState, type KeyboardEvent } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { LIST_RENAME_DEBOUNCE_MS, type ListDto } from '@prospector/core';
import { useEditListName } from '../api/edit-list-name';
import classes from './lists.module.css';

/**
 * The list's name, edited in place: saved 500 ms after the last keystroke (spec part 2 §7), at once
 * when the field is left. An empty name is never sent; leaving the field empty restores the name.
 */
export function ListNameInput({
  list,
  readOnly = false,
}: {
  list: Pick<ListDto, '_id' | 'name'>;
  readOnly?: boolean;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const rename = useEditListName(list);
  const save = useDebouncedCallback(
    (name: string) => {
      const trimmed = name.trim();
      if (trimmed && trimmed !== list.name) rename.mutate(trimmed);
    },
    { delay: LIST_RENAME_DEBOUNCE_MS, flushOnUnmount: true },
  );

  function finish() {
    if (draft !== null && draft.trim()) save.flush();
    else save.cancel();
    setDraft(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') event.currentTarget.blur();
    if (event.key === 'Escape') {
      save.cancel();
      setDraft(null);
      event.currentTarget.blur();
    }
  }

  return (
    <TextInput
      aria-label="List name"
      value={draft ?? list.name}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        save(event.currentTarget.value);
      }}
      onBlur={finish}
      readOnly={readOnly}
      onKeyDown={onKeyDown}
      variant="unstyled"
      size="md"
      styles={{
        input: {
          fontWeight: 650,
          fontSize: 17,
          height: 32,
          minHeight: 32,
          paddingInline: 6,
          marginInline: -6,
          borderRadius: 'var(--mantine-radius-sm)',
        },
      }}
      classNames={{ input: classes.nameInput }}
      style={{ flex: 1, minWidth: 0 }}
    />
  );
}
