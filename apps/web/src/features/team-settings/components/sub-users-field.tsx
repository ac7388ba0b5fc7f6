import { useState } from 'react';
import { ActionIcon, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_SUB_USERS, messages, subUserPhoneInvalid, subUsersToSave, type SubUser } from '@prospector/core';
import { useUpdateSubUsers } from '../api/update-sub-users';
import { FIELD_WIDTH, type FieldProps } from './types';

type Row = SubUser & { key: number };

let nextKey = 0;
const toRows = (subUsers: SubUser[]): Row[] => subUsers.map((s) => ({ ...s, key: nextKey++ }));
const same = (a: SubUser[], b: SubUser[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * People besides the members who may use the account, by name and phone. A named row needs a valid
 * phone; rows left without a name are dropped when saved.
 */
export function SubUsersField({ value, canEdit, onSaved }: FieldProps<'subUsers'>) {
  const [rows, setRows] = useState<Row[]>(() => toRows(value));
  const save = useUpdateSubUsers((saved) => {
    setRows(toRows(saved));
    onSaved({ subUsers: saved });
  });
  const invalid = rows.some(subUserPhoneInvalid);
  const unchanged = same(subUsersToSave(rows), value);
  const edit = (key: number, patch: Partial<SubUser>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  return (
    <Input.Wrapper
      label="Sub-users"
      description="People who use this account besides the team members. Rows without a name are not kept."
      maw={FIELD_WIDTH + 140}
    >
      <Stack gap="xs" mt={6} role="group" aria-label="Sub-users">
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            No sub-users yet.
          </Text>
        )}
        {rows.map((row, i) => (
          <Group key={row.key} gap="sm" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={`Sub-user ${i + 1} name`}
              placeholder="Name"
              value={row.name}
              onChange={(e) => edit(row.key, { name: e.currentTarget.value })}
              readOnly={!canEdit}
              maxLength={100}
              style={{ flex: 1 }}
            />
            <TextInput
              aria-label={`Sub-user ${i + 1} phone`}
              placeholder="+1 212 555 0147"
              value={row.phone}
              onChange={(e) => edit(row.key, { phone: e.currentTarget.value })}
              error={subUserPhoneInvalid(row) && row.phone.trim() !== '' ? messages.team.invalidPhone : null}
              readOnly={!canEdit}
              maxLength={40}
              style={{ flex: 1 }}
            />
            {canEdit && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                mt={2}
                aria-label={`Remove sub-user ${i + 1}`}
                onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {canEdit && (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconPlus size={14} />}
              disabled={rows.length >= MAX_SUB_USERS}
              onClick={() => setRows((all) => [...all, { name: '', phone: '', key: nextKey++ }])}
            >
              Add sub-user
            </Button>
            <Button
              disabled={invalid || unchanged}
              loading={save.isPending}
              onClick={() => save.mutate(subUsersToSave(rows))}
            >
              Save sub-users
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
