import { useState } from 'react';
import { Checkbox, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { formatCount, type BulkActor } from '@prospector/core';
import { BulkActionBar } from '../../../components/bulk/bulk-action-bar';
import { listsKeys } from '../api/lists-keys';

const PLURAL = { property: 'properties', contact: 'contacts', company: 'companies' } as const;

type ListBulkProps = {
  listId: string;
  type: 'property' | 'contact' | 'company';
  search: string;
  /** Records of the shown kind matching the search, on every page. */
  total: number | undefined;
  actor: BulkActor;
};

/** Selects every record of the list's shown kind that matches its search, for a bulk action. */
export function ListBulk({ listId, type, search, total, actor }: ListBulkProps) {
  const queryClient = useQueryClient();
  const scope = `${listId}|${type}|${search}`;
  const [selected, setSelected] = useState<string | null>(null);
  const on = selected === scope;
  if (!total) return null;
  return (
    <Stack gap="xs">
      <Checkbox
        size="sm"
        label={`Select all ${formatCount(total)} ${PLURAL[type]}${search ? ' that match' : ''}`}
        checked={on}
        onChange={(e) => setSelected(e.currentTarget.checked ? scope : null)}
      />
      <BulkActionBar
        count={total}
        selection={on ? { kind: 'list', filter: { listId, type, ...(search ? { search } : {}) } } : null}
        actor={actor}
        onClear={() => setSelected(null)}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: listsKeys.all })}
      />
    </Stack>
  );
}
