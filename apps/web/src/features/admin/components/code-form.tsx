import { useState } from 'react';
import { Button, TextInput } from '@mantine/core';

type CodeFormProps = {
  label: string;
  description?: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
};

/** One code field and its button; Enter submits. */
export function CodeForm({ label, description, submitLabel, pending, error, onSubmit }: CodeFormProps) {
  const [code, setCode] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) onSubmit(code.trim());
      }}
    >
      <TextInput
        label={label}
        description={description}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        maxLength={20}
        error={error}
        styles={{ input: { letterSpacing: '0.2em', fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Button type="submit" fullWidth mt="md" loading={pending} disabled={!code.trim()}>
        {submitLabel}
      </Button>
    </form>
  );
}
