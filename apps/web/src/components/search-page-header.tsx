import type { ReactNode } from 'react';
import { CloseButton, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { PageTitle } from './page-title';

type SearchPageHeaderProps = {
  title: string;
  /** The search box's label and placeholder: 'Search lists'. */
  searchLabel: string;
  /** The box's text (useDebouncedSearch's `input`) and its change. */
  value: string;
  onChange: (value: string) => void;
  /** The page's main action, beside the search. */
  action?: ReactNode;
};

/** A searchable page's title, with its search box (cleared by its ×) and main action on the right. */
export function SearchPageHeader({ title, searchLabel, value, onChange, action }: SearchPageHeaderProps) {
  return (
    <Group justify="space-between" align="center">
      <PageTitle>{title}</PageTitle>
      <Group gap="sm">
        <TextInput
          aria-label={searchLabel}
          placeholder={searchLabel}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          rightSection={
            value ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('')} /> : null
          }
          w={280}
        />
        {action}
      </Group>
    </Group>
  );
}
