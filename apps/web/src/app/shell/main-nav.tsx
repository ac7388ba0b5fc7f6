import type { ComponentType } from 'react';
import { Badge, NavLink, Stack } from '@mantine/core';
import {
  IconChartLine,
  IconLayoutDashboard,
  IconListDetails,
  IconMessages,
  IconPhoneCall,
  IconSettings,
  IconShieldLock,
  IconSpeakerphone,
  IconTemplate,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { isWithin, paths, visibleNavEntries, type CurrentUser } from '@prospector/core';

const ICONS: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  dashboard: IconLayoutDashboard,
  messenger: IconMessages,
  campaigns: IconSpeakerphone,
  dialler: IconPhoneCall,
  lists: IconListDetails,
  templates: IconTemplate,
  kpis: IconChartLine,
  settings: IconSettings,
  admin: IconShieldLock,
};

/** The screens each entry stands for, so the entry stays highlighted on its sub-pages. */
const SECTIONS: Record<string, string[]> = {
  dashboard: [paths.dashboard],
  messenger: [paths.messenger],
  campaigns: [paths.campaigns, paths.campaignBuilder],
  dialler: [paths.dialler],
  lists: [paths.lists, paths.import, paths.exportContacts, paths.importDnc],
  templates: [paths.templates.root],
  kpis: [paths.kpis],
  settings: [paths.settings.root, paths.billing],
  admin: [paths.admin.root],
};

function isActive(key: string, pathname: string): boolean {
  if (key === 'dashboard' && pathname === paths.home) return true;
  return (SECTIONS[key] ?? []).some((section) => isWithin(pathname, section));
}

/** An entry's unread counter (its link's name says it); nothing when there is nothing unread. */
function UnreadCounter({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <Badge size="sm" variant="filled" color="red" circle={count < 10} aria-hidden>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

type MainNavProps = {
  user: CurrentUser;
  /** Unread counters by entry key (spec part 1 §2.1: Dashboard and Messenger show them). */
  counters?: Partial<Record<string, number>>;
  onNavigate?: () => void;
};

/** Left navigation (spec part 1 §2.1): the entries come from the core rule, by role and permission. */
export function MainNav({ user, counters = {}, onNavigate }: MainNavProps) {
  const { pathname } = useLocation();
  return (
    <Stack gap={4} component="nav" aria-label="Main">
      {visibleNavEntries(user).map((entry) => {
        const Icon = ICONS[entry.key] ?? IconLayoutDashboard;
        const active = isActive(entry.key, pathname);
        const unread = counters[entry.key];
        return (
          <NavLink
            key={entry.key}
            component={Link}
            to={entry.to}
            label={entry.label}
            leftSection={<Icon size={20} stroke={1.7} />}
            rightSection={<UnreadCounter count={unread} />}
            aria-label={unread ? `${entry.label}, ${unread} unread` : undefined}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
            variant="light"
            styles={{
              root: { borderRadius: 'var(--mantine-radius-md)' },
              label: { fontWeight: 500, fontSize: 15 },
            }}
          />
        );
      })}
    </Stack>
  );
}
