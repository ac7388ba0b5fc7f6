import { Badge, Chip, Group, Switch, Tabs, TextInput } from '@mantine/core';
import { IconEye, IconSearch } from '@tabler/icons-react';
import { messages, NO_STATUS, type InboxType } from '@prospector/core';
import type { TeamStatus } from '../api/get-team-statuses';

const TABS: { value: InboxType; label: string }[] = [
  { value: 'unread', label: 'Unread' },
  { value: 'sent', label: 'Sent' },
  { value: 'received', label: 'Received' },
  { value: 'all', label: 'All' },
  // Issue 31: replies the model was unsure of, until a member corrects or confirms their label.
  { value: 'needs_look', label: messages.replies.needsLook },
];

/** DNC is a phone's state, not a lead's: it has no chip (spec part 1 §2.5). */
const NOT_A_CHIP = 'DNC';

type InboxTabsProps = {
  value: InboxType;
  onChange: (value: InboxType) => void;
  unread: number;
  /** Records whose latest reply needs a look. */
  needsLook: number;
};

function tabCount(tab: InboxType, unread: number, needsLook: number) {
  if (tab === 'unread' && unread > 0)
    return (
      <Badge size="sm" circle={unread < 10} variant="filled">
        {unread}
      </Badge>
    );
  if (tab === 'needs_look' && needsLook > 0)
    return (
      <Badge
        size="sm"
        circle={needsLook < 10}
        variant="filled"
        color="yellow.7"
        aria-label={`${needsLook} need a look`}
      >
        {needsLook}
      </Badge>
    );
  return undefined;
}

export function InboxTabs({ value, onChange, unread, needsLook }: InboxTabsProps) {
  return (
    <Tabs value={value} onChange={(v) => v && onChange(v as InboxType)}>
      <Tabs.List px="md">
        {TABS.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            fw={500}
            py="md"
            leftSection={tab.value === 'needs_look' ? <IconEye size={15} /> : undefined}
            rightSection={tabCount(tab.value, unread, needsLook)}
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
