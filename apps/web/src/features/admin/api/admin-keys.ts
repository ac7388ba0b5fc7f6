import type { AdminPanelSort, AdminPeriod } from '@prospector/core';

export type PanelFilters = {
  period: AdminPeriod;
  search: string;
  sort: AdminPanelSort;
  dir: 'asc' | 'desc';
  page: number;
  onlyActiveCampaigns: boolean;
};

/** One cache for the admin area: the staff member's second factor, the teams panel, the audit log. */
export const adminKeys = {
  all: ['admin'] as const,
  secondFactor: () => [...adminKeys.all, 'second-factor'] as const,
  panels: () => [...adminKeys.all, 'panel'] as const,
  panel: (filters: PanelFilters) => [...adminKeys.panels(), filters] as const,
  audits: () => [...adminKeys.all, 'audit'] as const,
  audit: (scope: 'admin' | 'all', page: number) => [...adminKeys.audits(), scope, page] as const,
};
