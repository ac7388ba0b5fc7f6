import type { QueryClient } from '@tanstack/react-query';
import type { CampaignDto } from '@prospector/core';
import { campaignsKeys } from './campaigns-keys';
import type { CampaignsData } from './get-campaigns';

function mapCampaigns(queryClient: QueryClient, change: (campaigns: CampaignDto[]) => CampaignDto[]): void {
  queryClient.setQueriesData<CampaignsData>({ queryKey: campaignsKeys.lists() }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, campaigns: change(page.campaigns) })) }
      : data,
  );
}

/** Applies `patch` to campaign `campaignId` in every cached search of the campaigns page. */
export function patchCampaign(
  queryClient: QueryClient,
  campaignId: string,
  patch: (campaign: CampaignDto) => CampaignDto,
): void {
  mapCampaigns(queryClient, (campaigns) => campaigns.map((c) => (c._id === campaignId ? patch(c) : c)));
}

/** Takes a deleted campaign out of every cached search and forgets its figures. */
export function dropCampaign(queryClient: QueryClient, campaignId: string): void {
  mapCampaigns(queryClient, (campaigns) => campaigns.filter((c) => c._id !== campaignId));
  queryClient.removeQueries({ queryKey: campaignsKeys.stats(campaignId) });
}
