import {
  IconCalendar,
  IconHash,
  IconLayoutRows,
  IconLetterCase,
  IconLink,
  IconMail,
  IconMapPin,
  IconPhone,
  IconTags,
} from '@tabler/icons-react';
import type { FieldType } from '@prospector/core';

const ICONS = {
  Section: IconLayoutRows,
  Text: IconLetterCase,
  Number: IconHash,
  Category: IconTags,
  Date: IconCalendar,
  Link: IconLink,
  Location: IconMapPin,
  Email: IconMail,
  Phone: IconPhone,
} as const;

/** The icon of a palette item: a field type, or 'Section'. */
export function FieldTypeIcon({ type, size = 16 }: { type: FieldType | 'Section'; size?: number }) {
  const Icon = ICONS[type];
  return <Icon size={size} stroke={1.8} />;
}
