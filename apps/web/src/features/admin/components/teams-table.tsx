import {
  ActionIcon,
  Badge,
  Group,
  Menu,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconChevronDown,
  IconChevronUp,
  IconCoin,
  IconDots,
  IconLogin2,
  IconPlayerPause,
  IconPlayerPlay,
  IconSelector,
  IconBan,
} from '@tabler/icons-react';
import {
  formatAdminCredits,
  formatBlockRate,
  type AdminPanelSort,
  type AdminTeamRow,
} from '@prospector/core';

export type TeamAction = 'switch' | 'credits' | 'pause' | 'suspend';

type TeamsTableProps = {
  teams: AdminTeamRow[];
  sort: AdminPanelSort;
  dir: 'asc' | 'desc';
  onSort: (sort: AdminPanelSort) => void;
  onAction: (action: TeamAction, team: AdminTeamRow) => void;
};

const n = new Intl.NumberFormat('en-US');

const COLUMNS: { sort: AdminPanelSort; label: string; title?: string; numeric?: boolean }[] = [
  { sort: 'name', label: 'Team' },
  { sort: 'plan', label: 'Plan' },
  { sort: 'credits', label: 'Credits', numeric: true },
  { sort: 'members', label: 'Members', numeric: true },
  { sort: 'devices', label: 'Devices', numeric: true },
  { sort: 'smsOut', label: 'SMS out', numeric: true },
  { sort: 'smsBlocked', label: 'Blocked', numeric: true },
  { sort: 'blockRate', label: 'Block rate', numeric: true },
  { sort: 'activeCampaigns', label: 'Campaigns', title: 'Active campaigns', numeric: true },
];

function SortHeader({
  col,
  sort,
  dir,
  onSort,
}: { col: (typeof COLUMNS)[number] } & Omit<TeamsTableProps, 'teams' | 'onAction'>) {
  const active = col.sort === sort;
  const Icon = active ? (dir === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th
      ta={col.numeric ? 'right' : 'left'}
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton onClick={() => onSort(col.sort)} title={col.title} style={{ whiteSpace: 'nowrap' }}>
        <Group gap={4} wrap="nowrap" justify={col.numeric ? 'flex-end' : 'flex-start'}>
          <Text size="sm" fw={600}>
            {col.label}
          </Text>
          <Icon size={14} stroke={1.5} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function Num({ children, c }: { children: string; c?: string }) {
  return (
    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      <Text size="sm" c={c}>
        {children}
      </Text>
    </Table.Td>
  );
}

/**
 * The row's actions stay in view at the table's right edge, over the figures when the table scrolls
 * sideways (issue 30 item 31: at 1440 px long names pushed them off-screen).
 */
const STICKY_END = {
  position: 'sticky',
  right: 0,
  background: 'var(--mantine-color-body)',
  boxShadow: '-1px 0 0 var(--mantine-color-gray-2)',
} as const;

/** A team name or owner line longer than this is cut with '…' (the whole of it in its title). */
const TEAM_CELL_MAX_PX = 200;

/** Every team with its figures; headers sort on the server; each row has the staff actions. */
export function TeamsTable({ teams, sort, dir, onSort, onAction }: TeamsTableProps) {
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover aria-label="Teams">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((col) => (
              <SortHeader key={col.sort} col={col} sort={sort} dir={dir} onSort={onSort} />
            ))}
            <Table.Th w={52} style={STICKY_END}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {teams.map((t) => (
            <Table.Tr key={t._id}>
              <Table.Td maw={TEAM_CELL_MAX_PX}>
                <Stack gap={0}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={600} truncate title={t.name}>
                      {t.name}
                    </Text>
                    {t.suspended && (
                      <Tooltip label={t.suspendedReason || 'No reason given'}>
                        <Badge color="red" variant="light" tt="none" size="sm" style={{ flexShrink: 0 }}>
                          Suspended
                        </Badge>
                      </Tooltip>
                    )}
                  </Group>
                  <Text
                    size="xs"
                    c="dimmed"
                    truncate
                    title={t.owner ? `${t.owner} · ${t.email ?? ''}` : (t.email ?? 'No owner')}
                  >
                    {t.owner ? `${t.owner} · ${t.email ?? ''}` : (t.email ?? 'No owner')}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {/* Whole, never cut to 'PR…': the badge keeps its width. */}
                <Badge
                  variant="light"
                  tt="none"
                  miw="fit-content"
                  styles={{ label: { overflow: 'visible' } }}
                >
                  {t.plan}
                </Badge>
              </Table.Td>
              <Num>{formatAdminCredits(t.credits)}</Num>
              <Num>{n.format(t.members)}</Num>
              <Num>{`${t.devicesConnected} / ${t.devicesTotal}`}</Num>
              <Num>{n.format(t.smsOut)}</Num>
              <Num>{n.format(t.smsBlocked)}</Num>
              <Num c={t.blockRate >= 5 ? 'red.7' : undefined}>{formatBlockRate(t.blockRate)}</Num>
              <Num>{n.format(t.activeCampaigns)}</Num>
              <Table.Td style={STICKY_END}>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${t.name}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconLogin2 size={16} />} onClick={() => onAction('switch', t)}>
                      Switch into team
                    </Menu.Item>
                    <Menu.Item leftSection={<IconCoin size={16} />} onClick={() => onAction('credits', t)}>
                      Add credits
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconPlayerPause size={16} />}
                      disabled={t.activeCampaigns === 0}
                      onClick={() => onAction('pause', t)}
                    >
                      Pause all campaigns
                    </Menu.Item>
                    <Menu.Divider />
                    <Menu.Item
                      color={t.suspended ? undefined : 'red'}
                      leftSection={t.suspended ? <IconPlayerPlay size={16} /> : <IconBan size={16} />}
                      onClick={() => onAction('suspend', t)}
                    >
                      {t.suspended ? 'Unsuspend' : 'Suspend'}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
