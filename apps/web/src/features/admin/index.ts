export { AdminLayout } from './components/admin-layout';
export { TeamsPage } from './components/teams-page';
export { AuditPage } from './components/audit-page';
