import type { PermissionKey, Role } from '../constants.js';
import { paths } from '../paths.js';

export type NavViewer = { role: Role; permissions: readonly PermissionKey[]; isStaff: boolean };

export type NavEntry = { key: string; label: string; to: string };

const MAIN_NAV: (NavEntry & { visible: (v: NavViewer) => boolean })[] = [
  { key: 'dashboard', label: 'Dashboard', to: paths.home, visible: () => true },
  { key: 'messenger', label: 'Messenger', to: paths.messenger, visible: (v) => can(v, 'messenger') },
  { key: 'campaigns', label: 'Campaigns', to: paths.campaigns, visible: () => true },
  { key: 'dialler', label: 'Dialler', to: paths.dialler, visible: (v) => can(v, 'calls') },
  { key: 'lists', label: 'Lists', to: paths.lists, visible: () => true },
  { key: 'templates', label: 'Templates', to: paths.templates.sms, visible: () => true },
  { key: 'kpis', label: 'KPIs', to: paths.kpis, visible: (v) => can(v, 'kpis') },
  { key: 'settings', label: 'Settings', to: paths.settings.team, visible: () => true },
  { key: 'admin', label: 'Admin', to: paths.admin.teams, visible: (v) => v.isStaff },
];

/** Admins hold every permission; members hold the keys they were given. */
export function can(viewer: Pick<NavViewer, 'role' | 'permissions'>, key: PermissionKey): boolean {
  return viewer.role === 'admin' || viewer.permissions.includes(key);
}

/** Left navigation (spec part 1 §2.1): Messenger and Dialler need their permissions, Admin is for internal staff. */
export function visibleNavEntries(viewer: NavViewer): NavEntry[] {
  return MAIN_NAV.filter((e) => e.visible(viewer)).map(({ key, label, to }) => ({ key, label, to }));
}

const SETTINGS_MENU: (NavEntry & { visible: (v: NavViewer) => boolean })[] = [
  { key: 'team', label: 'Team', to: paths.settings.team, visible: () => true },
  {
    key: 'data-fields',
    label: 'Data Fields',
    to: paths.settings.dataFields,
    visible: (v) => can(v, 'dataFields'),
  },
  { key: 'statuses', label: 'Statuses', to: paths.settings.statuses, visible: (v) => can(v, 'statuses') },
  { key: 'devices', label: 'Devices', to: paths.settings.devices, visible: (v) => can(v, 'phones') },
  // What the team's model does with each reply label (issue 31, item 4).
  { key: 'replies', label: 'Reply actions', to: paths.settings.replies, visible: (v) => v.role === 'admin' },
  { key: 'billing', label: 'Billing', to: paths.settings.billing, visible: (v) => v.role === 'admin' },
  { key: 'other', label: 'Other', to: paths.settings.other, visible: () => true },
  { key: 'affiliate', label: 'Affiliate', to: paths.settings.affiliate, visible: (v) => v.role === 'admin' },
];

/** Settings menu (spec part 2 §2): Team and Other for everyone, the rest by permission, Billing and Affiliate for admins. */
export function visibleSettingsEntries(viewer: NavViewer): NavEntry[] {
  return SETTINGS_MENU.filter((e) => e.visible(viewer)).map(({ key, label, to }) => ({ key, label, to }));
}
