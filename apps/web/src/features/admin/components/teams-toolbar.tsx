import { Button, Group, Select, Switch, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { ADMIN_PERIOD_LABELS, ADMIN_PERIODS, type AdminPeriod } from '@prospector/core';

type TeamsToolbarProps = {
  search: string;
  onSearch: (value: string) => void;
  period: AdminPeriod;
  onPeriod: (period: AdminPeriod) => void;
  onlyActive: boolean;
  onOnlyActive: (value: boolean) => void;
  onCreateTeam: () => void;
};

/** Search, the period the figures count, 'Show only active campaigns' and Create Team. */
export function TeamsToolbar(p: TeamsToolbarProps) {
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <TextInput
          aria-label="Search teams"
          placeholder="Search team, owner or e-mail"
          leftSection={<IconSearch size={16} />}
          value={p.search}
          onChange={(e) => p.onSearch(e.currentTarget.value)}
          w={280}
        />
        <Select
          aria-label="Period"
          data={ADMIN_PERIODS.map((value) => ({ value, label: ADMIN_PERIOD_LABELS[value] }))}
          value={p.period}
          onChange={(v) => v && p.onPeriod(v as AdminPeriod)}
          allowDeselect={false}
          w={160}
        />
        <Switch
          label="Show only active campaigns"
          checked={p.onlyActive}
          onChange={(e) => p.onOnlyActive(e.currentTarget.checked)}
        />
      </Group>
      <Button leftSection={<IconPlus size={16} />} onClick={p.onCreateTeam}>
        Create Team
      </Button>
    </Group>
  );
}
