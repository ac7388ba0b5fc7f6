import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getTeamKpis } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { kpisKeys } from './kpis-keys';

export function getKpis(from: string, to: string) {
  return call(getTeamKpis, undefined, { query: { from, to } });
}

/** The team's KPIs over a period (days of the team's time zone, both ends included). */
export function useTeamKpis(from: string, to: string) {
  return useQuery({
    queryKey: kpisKeys.period(from, to),
    queryFn: () => getKpis(from, to),
    // The previous period stays on screen while the next one loads: the charts do not blink.
    placeholderData: keepPreviousData,
  });
}
