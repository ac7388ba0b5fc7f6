import { useState } from 'react';
import { Group, Pill, TextInput } from '@mantine/core';
import { addCategoryOption } from '@prospector/core';

type CategoryOptionsProps = {
  fieldName: string;
  options: string[];
  /** System categories keep their options. */
  readOnly: boolean;
  onChange: (options: string[]) => void;
};

/** A Category's options as pills; Enter in the input adds one, never an empty or repeated one. */
export function CategoryOptions({ fieldName, options, readOnly, onChange }: CategoryOptionsProps) {
  const [text, setText] = useState('');
  return (
    <Group gap={6} wrap="wrap" aria-label={`Options of ${fieldName}`} role="group">
      {options.map((option) => (
        <Pill
          key={option}
          size="md"
          withRemoveButton={!readOnly}
          onRemove={() => onChange(options.filter((o) => o !== option))}
          removeButtonProps={{ 'aria-label': `Remove option ${option}` }}
        >
          {option}
        </Pill>
      ))}
      {!readOnly && (
        <TextInput
          size="xs"
          w={160}
          placeholder="Add option, Enter"
          aria-label={`New option for ${fieldName}`}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            const next = addCategoryOption(options, text);
            if (next.length > options.length) onChange(next);
            if (text.trim()) setText('');
          }}
        />
      )}
    </Group>
  );
}
