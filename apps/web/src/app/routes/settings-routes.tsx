import type { ReactElement } from 'react';
import { Stack, Text } from '@mantine/core';
import { Navigate, Route } from 'react-router';
import { messages, visibleSettingsEntries, type CurrentUser } from '@prospector/core';
import { lazyNamed } from '../../components/lazy-load';
import { PageTitle } from '../../components/page-title';
import { Screen } from './screen';
import { SettingsLayout } from './settings-layout';

// Each settings page is its own chunk; the menu (SettingsLayout) stays while one loads.
const TeamScreen = lazyNamed(() => import('../../features/team-members'), 'TeamScreen');
// The shell uses the devices feature's banner and hooks: the screen is imported from its own file so
// it is not pulled into the shell with them.
const DevicesScreen = lazyNamed(
  () => import('../../features/devices/components/devices-screen'),
  'DevicesScreen',
);
// The top bar shows the billing feature's credits: the screen comes from its own file, as Devices'.
const BillingScreen = lazyNamed(
  () => import('../../features/billing/components/billing-screen'),
  'BillingScreen',
);
const AffiliateSettingsPage = lazyNamed(() => import('./affiliate-settings-page'), 'AffiliateSettingsPage');
const BecomeAffiliatePage = lazyNamed(
  () => import('../../features/affiliates/components/become-affiliate-page'),
  'BecomeAffiliatePage',
);
const OtherSettingsPage = lazyNamed(() => import('./other-settings-page'), 'OtherSettingsPage');
const StatusesSettingsPage = lazyNamed(() => import('./statuses-settings-page'), 'StatusesSettingsPage');
const RepliesSettingsPage = lazyNamed(() => import('./replies-settings-page'), 'RepliesSettingsPage');
const DataFieldsSettingsPage = lazyNamed(
  () => import('./data-fields-settings-page'),
  'DataFieldsSettingsPage',
);

/** Pages of the settings menu; a page hidden from the menu sends its visitor to Team. */
const MENU_PAGES: { path: string; title: string }[] = [
  { path: 'team', title: 'Team' },
  { path: 'data-fields', title: 'Data Fields' },
  { path: 'statuses', title: 'Statuses' },
  { path: 'devices', title: 'Devices' },
  { path: 'replies', title: 'Reply actions' },
  { path: 'billing', title: 'Billing' },
  { path: 'other', title: 'Other' },
  { path: 'affiliate', title: 'Affiliate' },
];

function allowed(user: CurrentUser, path: string, page: ReactElement): ReactElement {
  const visible = visibleSettingsEntries(user).some((entry) => entry.to === `/settings/${path}`);
  return visible ? page : <Navigate to="/settings/team" replace />;
}

/** The pages built so far; the others show their title only. */
function pageOf(user: CurrentUser, path: string, title: string): ReactElement {
  if (path === 'team') return <TeamScreen viewer={user} />;
  if (path === 'devices') return <DevicesScreen timeZone={user.team.timezone} />;
  if (path === 'other') return <OtherSettingsPage user={user} />;
  if (path === 'statuses') return <StatusesSettingsPage />;
  if (path === 'replies') return <RepliesSettingsPage user={user} />;
  if (path === 'data-fields') return <DataFieldsSettingsPage />;
  if (path === 'billing') return <BillingScreen timeZone={user.team.timezone} />;
  if (path === 'affiliate') return <AffiliateSettingsPage timeZone={user.team.timezone} />;
  return <Screen title={title} />;
}

/** /settings/* (spec part 2 §2 route table). */
export function settingsRoutes(user: CurrentUser) {
  return (
    <Route path="settings" element={<SettingsLayout user={user} />}>
      <Route index element={<Navigate to="team" replace />} />
      {MENU_PAGES.map(({ path, title }) => (
        <Route key={path} path={path} element={allowed(user, path, pageOf(user, path, title))} />
      ))}
      <Route
        path="websites"
        element={
          <Stack gap="sm">
            <PageTitle>Websites</PageTitle>
            <Text c="dimmed">{messages.shell.websitesComingSoon}</Text>
          </Stack>
        }
      />
      <Route
        path="become-affiliate"
        element={user.role === 'admin' ? <BecomeAffiliatePage /> : <Navigate to="/settings/team" replace />}
      />
      <Route path="*" element={<Navigate to="team" replace />} />
    </Route>
  );
}
