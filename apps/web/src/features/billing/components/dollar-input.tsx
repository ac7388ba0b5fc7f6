import { NumberInput } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dollar amount with cents: '$' in front, no negatives; empty is null. */
export function DollarInput({
  label,
  description,
  value,
  onChange,
  disabled,
}: {
  label: string;
  description?: ReactNode;
  value: number | null;
  onChange: (value: number | null) => void;
  disabled?: boolean;
}) {
  return (
    <NumberInput
      label={label}
      description={description}
      prefix="$"
      decimalScale={2}
      allowNegative={false}
      thousandSeparator=","
      disabled={disabled}
      value={value ?? ''}
      onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? null : Number(v))}
    />
  );
}
