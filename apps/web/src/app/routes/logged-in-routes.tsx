import { Navigate, Route, Routes } from 'react-router';
import { can, type CurrentUser, paths } from '@prospector/core';
import { lazyNamed } from '../../components/lazy-load';
import { NotFoundView } from './not-found-view';
import { settingsRoutes } from './settings-routes';

// One chunk per screen (or per feature, when a feature has several): a screen's libraries (the
// board's drag and drop, the builder's dates, the import's CSV parser) load with it, never before.
const DashboardRoute = lazyNamed(() => import('./dashboard-route'), 'DashboardRoute');
const MessengerRoute = lazyNamed(() => import('./messenger-route'), 'MessengerRoute');
const DiallerRoute = lazyNamed(() => import('./dialler-route'), 'DiallerRoute');
const BillingRoute = lazyNamed(() => import('./billing-route'), 'BillingRoute');
const TemplatesLayout = lazyNamed(() => import('./templates-layout'), 'TemplatesLayout');
// A feature's screens that need different libraries are imported from their own files, so each is
// a chunk of its own: the campaign list has no date pickers, the lists no charts.
const CampaignsPage = lazyNamed(
  () => import('../../features/campaigns/components/campaigns-page'),
  'CampaignsPage',
);
const CampaignBuilder = lazyNamed(
  () => import('../../features/campaigns/components/campaign-builder'),
  'CampaignBuilder',
);
const ExportScreen = lazyNamed(() => import('../../features/export'), 'ExportScreen');
const ImportScreen = lazyNamed(() => import('../../features/import'), 'ImportScreen');
const ImportDncScreen = lazyNamed(() => import('../../features/import'), 'ImportDncScreen');
const ListsPage = lazyNamed(() => import('../../features/lists/components/lists-page'), 'ListsPage');
const ListDetailPage = lazyNamed(
  () => import('../../features/lists/components/list-detail-page'),
  'ListDetailPage',
);
const SuspensionPage = lazyNamed(() => import('../../features/admin-phones'), 'SuspensionPage');
const KpisPage = lazyNamed(() => import('../../features/kpis'), 'KpisPage');
const SmsTemplatesScreen = lazyNamed(() => import('../../features/templates'), 'SmsTemplatesScreen');
const SubtemplatesScreen = lazyNamed(() => import('../../features/templates'), 'SubtemplatesScreen');
const QuickRepliesScreen = lazyNamed(() => import('../../features/templates'), 'QuickRepliesScreen');
// The internal admin area (staff only): its frame with the second-factor step, and each section.
const AdminLayout = lazyNamed(() => import('../../features/admin/components/admin-layout'), 'AdminLayout');
const AdminTeamsRoute = lazyNamed(() => import('./admin-teams-route'), 'AdminTeamsRoute');
const AuditPage = lazyNamed(() => import('../../features/admin/components/audit-page'), 'AuditPage');

/**
 * Logged-in routes of both spec parts. Screens not built yet show their title only; unknown paths
 * go to /.
 */
export function LoggedInRoutes({ user }: { user: CurrentUser }) {
  return (
    <Routes>
      <Route index element={<DashboardRoute user={user} />} />
      <Route path={paths.dashboard} element={<DashboardRoute user={user} />} />
      <Route path={paths.dialler} element={<DiallerRoute user={user} />} />
      <Route
        path={paths.messenger}
        element={
          can(user, 'messenger') ? <MessengerRoute user={user} /> : <Navigate to={paths.home} replace />
        }
      />
      <Route path={paths.campaigns} element={<CampaignsPage canCreate={can(user, 'campaigns')} />} />
      <Route path={paths.campaignBuilder} element={<CampaignBuilder timeZone={user.team.timezone} />} />
      <Route
        path={paths.import}
        element={can(user, 'import') ? <ImportScreen /> : <Navigate to={paths.lists} replace />}
      />
      <Route path={paths.exportContacts} element={<ExportScreen />} />
      <Route
        path={paths.importDnc}
        element={can(user, 'import') ? <ImportDncScreen /> : <Navigate to={paths.lists} replace />}
      />
      <Route
        path={paths.lists}
        element={<ListsPage timeZone={user.team.timezone} canManage={can(user, 'import')} />}
      />
      <Route
        path={paths.list.pattern}
        element={<ListDetailPage timeZone={user.team.timezone} actor={user} />}
      />
      <Route path={paths.templates.root} element={<TemplatesLayout />}>
        <Route index element={<Navigate to={paths.templates.sms} replace />} />
        <Route path={paths.templates.sms} element={<SmsTemplatesScreen />} />
        <Route path={paths.templates.subtemplates} element={<SubtemplatesScreen />} />
        <Route path={paths.templates.quickReplies} element={<QuickRepliesScreen />} />
        <Route path="*" element={<Navigate to={paths.templates.sms} replace />} />
      </Route>
      {settingsRoutes(user)}
      <Route path={paths.billing} element={<BillingRoute user={user} />} />
      <Route
        path={paths.kpis}
        element={
          can(user, 'kpis') ? (
            <KpisPage timeZone={user.team.timezone} />
          ) : (
            <Navigate to={paths.home} replace />
          )
        }
      />
      {/* Everyone but staff sees a not-found view (spec part 2 §2); the server refuses them anyway. */}
      <Route path={paths.admin.root} element={user.isStaff ? <AdminLayout /> : <NotFoundView />}>
        <Route index element={<Navigate to={paths.admin.teams} replace />} />
        <Route path={paths.admin.teams} element={<AdminTeamsRoute />} />
        <Route path={paths.admin.suspension} element={<SuspensionPage />} />
        <Route path={paths.admin.audit} element={<AuditPage />} />
        <Route path="*" element={<Navigate to={paths.admin.teams} replace />} />
      </Route>
      <Route path="*" element={<Navigate to={paths.home} replace />} />
    </Routes>
  );
}
