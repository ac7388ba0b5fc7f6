import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignStats, CAMPAIGNS_REFRESH_MS } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export function getCampaignStats(campaignId: string) {
  return call(campaignStats, undefined, { params: { campaignId } });
}

export type CampaignStats = Awaited<ReturnType<typeof getCampaignStats>>;

export const campaignStatsQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: campaignsKeys.stats(campaignId),
    queryFn: () => getCampaignStats(campaignId),
    staleTime: 0,
  });

/**
 * The details modal's live figures; `campaignChanged` refetches them while the modal is open, and so
 * does the clock every 30 s (waits end with time, not only when a text goes).
 */
export function useCampaignStats(campaignId: string | null) {
  return useQuery({
    ...campaignStatsQueryOptions(campaignId ?? ''),
    enabled: campaignId !== null,
    refetchInterval: CAMPAIGNS_REFRESH_MS,
  });
}
