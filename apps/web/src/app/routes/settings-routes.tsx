import type { ReactElement } from 'react';
import { Stack, Text } from '@mantine/core';
import { Navigate, Route } from 'react-router';
import { messages, visibleSettingsEntries, type CurrentUser, paths } from '@prospector/core';
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
  { path: paths.settings.team, title: 'Team' },
  { path: paths.settings.dataFields, title: 'Data Fields' },
  { path: paths.settings.statuses, title: 'Statuses' },
  { path: paths.settings.devices, title: 'Devices' },
  { path: paths.settings.replies, title: 'Reply actions' },
  { path: paths.settings.billing, title: 'Billing' },
  { path: paths.settings.other, title: 'Other' },
  { path: paths.settings.affiliate, title: 'Affiliate' },
];

function allowed(user: CurrentUser, path: string, page: ReactElement): ReactElement {
  const visible = visibleSettingsEntries(user).some((entry) => entry.to === path);
  return visible ? page : <Navigate to={paths.settings.team} replace />;
}

/** The pages built so far; the others show their title only. */
function pageOf(user: CurrentUser, path: string, title: string): ReactElement {
  if (path === paths.settings.team) return <TeamScreen viewer={user} />;
  if (path === paths.settings.devices) return <DevicesScreen timeZone={user.team.timezone} />;
  if (path === paths.settings.other) return <OtherSettingsPage user={user} />;
  if (path === paths.settings.statuses) return <StatusesSettingsPage />;
  if (path === paths.settings.replies) return <RepliesSettingsPage user={user} />;
  if (path === paths.settings.dataFields) return <DataFieldsSettingsPage />;
  if (path === paths.settings.billing) return <BillingScreen timeZone={user.team.timezone} />;
  if (path === paths.settings.affiliate) return <AffiliateSettingsPage timeZone={user.team.timezone} />;
  return <Screen title={title} />;
}

/** /settings/* (spec part 2 §2 route table). */
export function settingsRoutes(user: CurrentUser) {
  return (
    <Route path={paths.settings.root} element={<SettingsLayout user={user} />}>
      <Route index element={<Navigate to={paths.settings.team} replace />} />
      {MENU_PAGES.map(({ path, title }) => (
        <Route key={path} path={path} element={allowed(user, path, pageOf(user, path, title))} />
      ))}
      <Route
        path={paths.settings.websites}
        element={
          <Stack gap="sm">
            <PageTitle>Websites</PageTitle>
            <Text c="dimmed">{messages.shell.websitesComingSoon}</Text>
          </Stack>
        }
      />
      <Route
        path={paths.settings.becomeAffiliate}
        element={
          user.role === 'admin' ? <BecomeAffiliatePage /> : <Navigate to={paths.settings.team} replace />
        }
      />
      <Route path="*" element={<Navigate to={paths.settings.team} replace />} />
    </Route>
  );
}
