import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getAdminPanel } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { adminKeys, type PanelFilters } from './admin-keys';

export function fetchPanel(f: PanelFilters) {
  return call(getAdminPanel, undefined, {
    query: {
      period: f.period,
      search: f.search || undefined,
      sort: f.sort,
      dir: f.dir,
      page: String(f.page),
      onlyActiveCampaigns: f.onlyActiveCampaigns ? 'true' : undefined,
    },
  });
}

/** Every team with its figures over the period; the previous page stays on screen while the next loads. */
export function useAdminPanel(filters: PanelFilters) {
  return useQuery({
    queryKey: adminKeys.panel(filters),
    queryFn: () => fetchPanel(filters),
    placeholderData: keepPreviousData,
  });
}
