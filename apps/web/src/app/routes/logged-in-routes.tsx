import { Navigate, Route, Routes } from 'react-router';
import { can, type CurrentUser } from '@prospector/core';
import { CampaignBuilder, CampaignsPage } from '../../features/campaigns';
import { ExportScreen } from '../../features/export';
import { ImportDncScreen, ImportScreen } from '../../features/import';
import { ListDetailPage, ListsPage } from '../../features/lists';
import { QuickRepliesScreen, SmsTemplatesScreen, SubtemplatesScreen } from '../../features/templates';
import { DashboardRoute } from './dashboard-route';
import { MessengerRoute } from './messenger-route';
import { NotFoundView } from './not-found-view';
import { Screen } from './screen';
import { settingsRoutes } from './settings-routes';
import { TemplatesLayout } from './templates-layout';

/**
 * Logged-in routes of both spec parts. Screens not built yet show their title only; unknown paths
 * go to /.
 */
export function LoggedInRoutes({ user }: { user: CurrentUser }) {
  return (
    <Routes>
      <Route index element={<DashboardRoute user={user} />} />
      <Route path="dashboard" element={<DashboardRoute user={user} />} />
      <Route path="dialler" element={<Screen title="Dialler" />} />
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
      <Route path="lists/:id" element={<ListDetailPage timeZone={user.team.timezone} />} />
      <Route path="templates" element={<TemplatesLayout />}>
        <Route index element={<Navigate to="sms" replace />} />
        <Route path="sms" element={<SmsTemplatesScreen />} />
        <Route path="subtemplates" element={<SubtemplatesScreen />} />
        <Route path="quick-replies" element={<QuickRepliesScreen />} />
        <Route path="*" element={<Navigate to="/templates/sms" replace />} />
      </Route>
      {settingsRoutes(user)}
      <Route path="billing" element={<Screen title="Billing" />} />
      <Route path="admin">
        <Route index element={<Navigate to="teams" replace />} />
        <Route path="teams" element={user.isStaff ? <Screen title="Teams" /> : <NotFoundView />} />
        <Route path="suspension" element={user.isStaff ? <Screen title="Suspension" /> : <NotFoundView />} />
        <Route path="*" element={<Navigate to="/admin/teams" replace />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
