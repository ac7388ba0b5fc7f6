import { useState, type ReactNode } from 'react';
import { ActionIcon, MultiSelect, Select, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconExternalLink, IconMapPin } from '@tabler/icons-react';
import {
  formatNumberField,
  isValidEmail,
  messages,
  withHttps,
  type FieldValue,
  type SectionFieldDto,
} from '@prospector/core';
import { normalizePhone } from '../../../lib/phone-format';

export type FieldEditorProps = {
  field: SectionFieldDto;
  value: FieldValue | string[] | undefined;
  onSave: (value: FieldValue | string[]) => void;
};

type Checked = { value: FieldValue } | { error: string };

/** How a typed text becomes the field's value, by field type (spec part 1 §5); empty clears it. */
function parseText(type: SectionFieldDto['type'], raw: string): Checked {
  const text = raw.trim();
  if (!text) return { value: null };
  switch (type) {
    case 'Number': {
      const n = Number(text.replace(/,/g, ''));
      return Number.isFinite(n) ? { value: n } : { error: 'Please enter a number.' };
    }
    case 'Link':
      return { value: withHttps(text) };
    case 'Email':
      return isValidEmail(text) ? { value: text } : { error: messages.auth.invalidEmail };
    case 'Phone': {
      const phone = normalizePhone(text);
      return phone ? { value: phone } : { error: messages.records.invalidPhone };
    }
    default:
      return { value: raw };
  }
}

const asText = (value: FieldEditorProps['value']) =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value);

function OpenLink({ href, label, icon }: { href: string; label: string; icon: ReactNode }) {
  return (
    <ActionIcon
      component="a"
      href={href}
      target="_blank"
      rel="noreferrer"
      variant="subtle"
      size="sm"
      aria-label={label}
    >
      {icon}
    </ActionIcon>
  );
}

/** Text, Number, Link, Email, Phone and Location: edited in place, saved on blur or Enter. */
function TextFieldEditor({ field, value, onSave }: FieldEditorProps) {
  const saved = asText(value);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = draft ?? (field.type === 'Number' ? formatNumberField(saved) : saved);

  /** Saves a changed value; an invalid one stays in the field with its error, unsaved. */
  function commit() {
    if (draft === null) return;
    const checked = parseText(field.type, draft);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setDraft(null);
    if (draft !== saved) onSave(checked.value);
  }

  const link =
    field.type === 'Link' && saved ? (
      <OpenLink href={withHttps(saved)} label={`Open ${field.name}`} icon={<IconExternalLink size={14} />} />
    ) : field.type === 'Location' && saved ? (
      <OpenLink
        href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(saved)}`}
        label={`Show ${field.name} on a map`}
        icon={<IconMapPin size={14} />}
      />
    ) : null;

  const common = {
    label: field.name,
    value: shown,
    error,
    size: 'sm' as const,
    onFocus: () => setDraft((current) => current ?? saved),
    onChange: (e: { currentTarget: { value: string } }) => {
      setDraft(e.currentTarget.value);
      setError(null);
    },
    onBlur: commit,
  };
  if (field.config.multiline) return <Textarea {...common} autosize minRows={2} maxRows={8} />;
  return (
    <TextInput
      {...common}
      type={field.type === 'Email' ? 'email' : field.type === 'Phone' ? 'tel' : 'text'}
      inputMode={field.type === 'Number' ? 'decimal' : undefined}
      rightSection={link}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
      }}
    />
  );
}

function CategoryEditor({ field, value, onSave }: FieldEditorProps) {
  if (field.config.multipick) {
    const selected = Array.isArray(value) ? value : value ? [String(value)] : [];
    return (
      <MultiSelect
        label={field.name}
        data={field.options}
        value={selected}
        onChange={onSave}
        size="sm"
        clearable
      />
    );
  }
  return (
    <Select
      label={field.name}
      data={field.options}
      value={value === null || value === undefined ? null : String(value)}
      onChange={(next) => onSave(next)}
      size="sm"
      clearable
    />
  );
}

function DateEditor({ field, value, onSave }: FieldEditorProps) {
  const text = asText(value);
  return (
    <DateInput
      label={field.name}
      value={text || null}
      onChange={(next) => onSave(next)}
      valueFormat="MMM D, YYYY"
      size="sm"
      clearable
    />
  );
}

/** The editor of a section field, by its type. */
export function FieldEditor(props: FieldEditorProps) {
  switch (props.field.type) {
    case 'Category':
      return <CategoryEditor {...props} />;
    case 'Date':
      return <DateEditor {...props} />;
    default:
      return <TextFieldEditor {...props} />;
  }
}
