import { Badge, Chip, Group, Switch, Tabs, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { NO_STATUS, type InboxType } from '@prospector/core';
import type { TeamStatus } from '../api/get-team-statuses';

const TABS: { value: InboxType; label: string }[] = [
  { value: 'unread', label: 'Unread' },
  { value: 'sent', label: 'Sent' },
  { value: 'received', label: 'Received' },
  { value: 'all', label: 'All' },
];

/** DNC is a phone's state, not a lead's: it has no chip (spec part 1 §2.5). */
const NOT_A_CHIP = 'DNC';

type InboxTabsProps = { value: InboxType; onChange: (value: InboxType) => void; unread: number };

export function InboxTabs({ value, onChange, unread }: InboxTabsProps) {
  return (
    <Tabs value={value} onChange={(v) => v && onChange(v as InboxType)}>
      <Tabs.List px="md">
        {TABS.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            fw={500}
            py="md"
            rightSection={
              tab.value === 'unread' && unread > 0 ? (
                <Badge size="sm" circle={unread < 10} variant="filled">
                  {unread}
                </Badge>
              ) : undefined
            }
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

type StatusChipsProps = {
  statuses: readonly TeamStatus[];
  value: string[];
  onChange: (value: string[]) => void;
};

/** 'No status' plus every team status but DNC, hidden ones included; several may be picked. */
export function StatusChips({ statuses, value, onChange }: StatusChipsProps) {
  const chips = [
    { value: NO_STATUS, label: 'No status' },
    ...statuses.filter((s) => s.text !== NOT_A_CHIP).map((s) => ({ value: s._id, label: s.text })),
  ];
  // The chips' order, not the clicks', so one selection is always one list (and one cache entry).
  const change = (picked: string[]) => onChange(chips.map((c) => c.value).filter((v) => picked.includes(v)));
  return (
    <Chip.Group multiple value={value} onChange={change}>
      <Group gap={6} role="group" aria-label="Statuses">
        {chips.map((chip) => (
          <Chip key={chip.value} value={chip.value} size="sm" variant="light">
            {chip.label}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

type SearchAndOwnerProps = {
  searchText: string;
  onSearchChange: (value: string) => void;
  /** Shown to admins and 'All data' members only. */
  onlyMine: boolean | null;
  onOnlyMineChange: (value: boolean) => void;
};

export function SearchAndOwner({
  searchText,
  onSearchChange,
  onlyMine,
  onOnlyMineChange,
}: SearchAndOwnerProps) {
  return (
    <Group gap="lg" wrap="nowrap">
      {onlyMine !== null && (
        <Switch
          label="Only mine"
          checked={onlyMine}
          onChange={(event) => onOnlyMineChange(event.currentTarget.checked)}
        />
      )}
      <TextInput
        aria-label="Search the Messenger"
        placeholder="Search names, phones, e-mails…"
        value={searchText}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        leftSection={<IconSearch size={16} />}
        w={320}
      />
    </Group>
  );
}
