import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SETTINGS_SAVE_DEBOUNCE_MS, isValidCompanyName, messages } from '@prospector/core';
import { useEditTeamProfile } from '../api/edit-team-profile';
import { FIELD_WIDTH, type FieldProps } from './types';

/** The company name; checked half a second after typing, saved with its button. */
export function CompanyNameField({ value, canEdit, onSaved }: FieldProps<'name'>) {
  const [draft, setDraft] = useState(value);
  const [debounced] = useDebouncedValue(draft, SETTINGS_SAVE_DEBOUNCE_MS);
  const save = useEditTeamProfile((name) => {
    setDraft(name);
    onSaved({ name });
  });
  const valid = isValidCompanyName(draft);
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <TextInput
        label="Company name"
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        error={isValidCompanyName(debounced) ? null : messages.settings.companyNameTooShort}
        readOnly={!canEdit}
        style={{ flex: 1 }}
        maw={FIELD_WIDTH}
      />
      {canEdit && (
        <Button
          mt={25}
          disabled={!valid || draft.trim() === value}
          loading={save.isPending}
          onClick={() => save.mutate(draft.trim())}
        >
          Save name
        </Button>
      )}
    </Group>
  );
}
