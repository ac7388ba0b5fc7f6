import { Navigate, Route, Routes } from 'react-router';
import { can, type CurrentUser } from '@prospector/core';
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
      <Route path="dashboard" element={<DashboardRoute user={user} />} />
      <Route path="dialler" element={<DiallerRoute user={user} />} />
      <Route
        path="messenger"
        element={can(user, 'messenger') ? <MessengerRoute user={user} /> : <Navigate to="/" replace />}
      />
      <Route path="campaigns" element={<CampaignsPage canCreate={can(user, 'campaigns')} />} />
      <Route path="campaign-builder" element={<CampaignBuilder timeZone={user.team.timezone} />} />
      <Route
        path="import"
        element={can(user, 'import') ? <ImportScreen /> : <Navigate to="/lists" replace />}
      />
      <Route path="export-contacts" element={<ExportScreen />} />
      <Route
        path="import-dnc"
        element={can(user, 'import') ? <ImportDncScreen /> : <Navigate to="/lists" replace />}
      />
      <Route
        path="lists"
        element={<ListsPage timeZone={user.team.timezone} canManage={can(user, 'import')} />}
      />
      <Route path="lists/:id" element={<ListDetailPage timeZone={user.team.timezone} actor={user} />} />
      <Route path="templates" element={<TemplatesLayout />}>
        <Route index element={<Navigate to="sms" replace />} />
        <Route path="sms" element={<SmsTemplatesScreen />} />
        <Route path="subtemplates" element={<SubtemplatesScreen />} />
        <Route path="quick-replies" element={<QuickRepliesScreen />} />
        <Route path="*" element={<Navigate to="/templates/sms" replace />} />
      </Route>
      {settingsRoutes(user)}
      <Route path="billing" element={<BillingRoute user={user} />} />
      <Route
        path="kpis"
        element={can(user, 'kpis') ? <KpisPage timeZone={user.team.timezone} /> : <Navigate to="/" replace />}
      />
      {/* Everyone but staff sees a not-found view (spec part 2 §2); the server refuses them anyway. */}
      <Route path="admin" element={user.isStaff ? <AdminLayout /> : <NotFoundView />}>
        <Route index element={<Navigate to="teams" replace />} />
        <Route path="teams" element={<AdminTeamsRoute />} />
        <Route path="suspension" element={<SuspensionPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="*" element={<Navigate to="/admin/teams" replace />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
