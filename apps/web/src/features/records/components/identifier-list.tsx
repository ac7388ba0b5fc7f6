import { useState, type FormEvent } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { IconDots, IconMail, IconPhone, IconStarFilled } from '@tabler/icons-react';
import {
  canBecomePrimary,
  isValidEmail,
  messages,
  orderIdentifiers,
  type IdentifierDto,
  type ItemDto,
} from '@prospector/core';
import { normalizePhone, formatPhone } from '../../../lib/phone-format';
import { useAddIdentifier } from '../api/add-identifier';
import { useChangeIdentifier, type IdentifierAction } from '../api/change-identifier';
import { PhoneHistoryModal } from './phone-history-modal';
import { RecordPanel } from './record-panel';

const STATUS_COLORS = { DNC: 'red', 'Wrong #': 'orange' } as const;

function IdentifierRow({
  idt,
  onAction,
  onHistory,
}: {
  idt: IdentifierDto;
  onAction: (a: IdentifierAction) => void;
  onHistory: () => void;
}) {
  const Icon = idt.isEmail ? IconMail : IconPhone;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="identifier">
      <Group gap={8} wrap="nowrap" miw={0}>
        <Icon size={16} color="var(--mantine-color-gray-6)" />
        <Text size="sm" fw={idt.primary ? 600 : 400} truncate td={idt.status ? 'line-through' : undefined}>
          {idt.isEmail ? idt.value : formatPhone(idt.value)}
        </Text>
        {idt.primary && (
          <Badge size="xs" variant="light" tt="none" leftSection={<IconStarFilled size={9} />}>
            Primary
          </Badge>
        )}
        {idt.status && (
          <Badge size="xs" variant="filled" tt="none" color={STATUS_COLORS[idt.status]}>
            {idt.status}
          </Badge>
        )}
      </Group>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${idt.value}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canBecomePrimary(idt) && <Menu.Item onClick={() => onAction('primary')}>Make primary</Menu.Item>}
          <Menu.Item onClick={() => onAction('DNC')}>
            {idt.status === 'DNC' ? 'Unmark DNC' : 'Mark DNC'}
          </Menu.Item>
          <Menu.Item onClick={() => onAction('Wrong #')}>
            {idt.status === 'Wrong #' ? 'Unmark Wrong #' : 'Mark Wrong #'}
          </Menu.Item>
          {!idt.isEmail && <Menu.Item onClick={onHistory}>History</Menu.Item>}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** A phone is kept in E.164; an e-mail as typed. Null: not valid (spec part 1 §5). */
function validIdentifier(raw: string): { value: string } | { error: string } {
  if (raw.includes('@'))
    return isValidEmail(raw) ? { value: raw.trim() } : { error: messages.auth.invalidEmail };
  const phone = normalizePhone(raw);
  return phone ? { value: phone } : { error: messages.records.invalidPhone };
}

/** The record's phones and e-mails: primary first, with DNC / Wrong # toggles and a replacement field. */
export function IdentifierList({ item }: { item: ItemDto }) {
  const change = useChangeIdentifier(item._id);
  const add = useAddIdentifier(item._id);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim()) return;
    const checked = validIdentifier(draft);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    add.mutate(checked.value, { onSuccess: () => setDraft('') });
  }

  return (
    <RecordPanel title="Phones and e-mails" count={item.idts.length}>
      <Stack gap={6}>
        {item.idts.length === 0 && (
          <Text size="sm" c="dimmed">
            No phone or e-mail yet.
          </Text>
        )}
        {orderIdentifiers(item.idts).map((idt) => (
          <IdentifierRow
            key={idt.value}
            idt={idt}
            onAction={(action) => change.mutate({ value: idt.value, action })}
            onHistory={() => setHistoryOf(idt.value)}
          />
        ))}
      </Stack>
      <form onSubmit={submit} noValidate>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label="Replacement phone or e-mail"
            placeholder="Add a replacement phone or e-mail"
            value={draft}
            onChange={(e) => {
              setDraft(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            size="sm"
            style={{ flex: 1 }}
          />
          <Button
            type="submit"
            variant="default"
            size="sm"
            loading={add.isPending}
            aria-label="Add phone or e-mail"
          >
            Add
          </Button>
        </Group>
      </form>
      <PhoneHistoryModal itemId={item._id} value={historyOf} onClose={() => setHistoryOf(null)} />
    </RecordPanel>
  );
}
