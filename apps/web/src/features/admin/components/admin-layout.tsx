import { Group, Stack, Tabs } from '@mantine/core';
import { IconFileText, IconPhoneOff, IconUsersGroup } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@prospector/core';
import { PageTitle } from '../../../components/page-title';
import { SecondFactorGate } from './second-factor-gate';

const SECTIONS = [
  { to: paths.admin.teams, label: 'Teams', icon: IconUsersGroup },
  { to: paths.admin.suspension, label: 'Suspension', icon: IconPhoneOff },
  { to: paths.admin.audit, label: 'Audit', icon: IconFileText },
] as const;

/** The internal admin area (spec part 2 §2): its sections, behind the staff member's second factor. */
export function AdminLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = SECTIONS.find((s) => pathname.startsWith(s.to))?.to ?? null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageTitle>Admin</PageTitle>
      </Group>
      <Tabs value={current} onChange={(to) => to && void navigate(to)} variant="outline" radius="md">
        <Tabs.List aria-label="Admin sections">
          {SECTIONS.map(({ to, label, icon: Icon }) => (
            <Tabs.Tab key={to} value={to} leftSection={<Icon size={16} />}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <SecondFactorGate>
        <Outlet />
      </SecondFactorGate>
    </Stack>
  );
}
