import { useEffect, useState } from 'react';
import { NumberInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MAX_PPGL, SETTINGS_SAVE_DEBOUNCE_MS, messages } from '@prospector/core';
import { useChangePpgl } from '../api/change-ppgl';
import { FIELD_WIDTH, type FieldProps } from './types';

/** Campaign texts per phone per day, at most 200; saved half a second after the last change. */
export function PpglField({ value, canEdit, onSaved }: FieldProps<'ppgl'>) {
  const [draft, setDraft] = useState<number | string>(value);
  const [debounced] = useDebouncedValue(draft, SETTINGS_SAVE_DEBOUNCE_MS);
  const { mutate } = useChangePpgl((ppgl) => onSaved({ ppgl }));
  useEffect(() => {
    if (canEdit && typeof debounced === 'number' && debounced !== value) mutate(debounced);
  }, [canEdit, debounced, value, mutate]);
  return (
    <NumberInput
      label="Daily texting limit"
      description={messages.settings.ppglHint}
      value={draft}
      // The spec turns a larger number into 200 as it is typed; 'strict' would refuse the key instead.
      onChange={(next) => setDraft(typeof next === 'number' && next > MAX_PPGL ? MAX_PPGL : next)}
      min={0}
      max={MAX_PPGL}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      suffix=" texts per phone"
      readOnly={!canEdit}
      maw={FIELD_WIDTH}
    />
  );
}
