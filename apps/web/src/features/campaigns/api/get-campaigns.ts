import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import {
  CAMPAIGNS_REFRESH_MS,
  getCampaigns as getCampaignsEndpoint,
  type CampaignDto,
} from '@prospector/core';
import { call } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export type CampaignsPageData = { campaigns: CampaignDto[]; total: number };
export type CampaignsData = InfiniteData<CampaignsPageData>;

export function getCampaigns(input: { search: string; skip: number }): Promise<CampaignsPageData> {
  return call(getCampaignsEndpoint, undefined, {
    query: { search: input.search || undefined, skip: String(input.skip) },
  });
}

export const campaignsQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: campaignsKeys.list(search),
    queryFn: ({ pageParam }) => getCampaigns({ search, skip: pageParam }),
    initialPageParam: 0,
    // The next page starts after every campaign loaded so far (15 a page), until the total is reached.
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.campaigns.length, 0);
      return last.campaigns.length > 0 && loaded < last.total ? loaded : undefined;
    },
    // Figures move on while the page is closed: reload on every visit, and every 30 s (spec part 2 §2).
    staleTime: 0,
    refetchInterval: CAMPAIGNS_REFRESH_MS,
  });

/** The team's campaigns, 15 at a time, filtered by name, in the server's order. */
export function useCampaigns(search: string) {
  return useInfiniteQuery(campaignsQueryOptions(search));
}

export function flattenCampaigns(data: CampaignsData | undefined): CampaignDto[] {
  return data?.pages.flatMap((page) => page.campaigns) ?? [];
}
