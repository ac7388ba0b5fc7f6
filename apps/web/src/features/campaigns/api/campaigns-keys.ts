/** What the builder counts contacts by: the target's lists (none: all contacts), the cut-off and the type. */
import type { CampaignTypeName } from '@prospector/core';

export type CountFilter = {
  listIds: string[];
  /** "These N records" (a finished campaign bulk job), else null. */
  audienceJobId: string | null;
  lastContactedAt: string | null;
  campaignType: CampaignTypeName | null;
};

export type MissingFieldsFilter = {
  listIds: string[];
  audienceJobId: string | null;
  statuses: string[];
  lastContactedAt: string | null;
  groupIds: string[];
};

export const campaignsKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignsKeys.all, 'list'] as const,
  /** The campaigns page as one search sees it ('' = every campaign). */
  list: (search: string) => [...campaignsKeys.lists(), { search }] as const,
  /** A campaign's live figures (the details modal). */
  stats: (campaignId: string) => [...campaignsKeys.all, 'stats', campaignId] as const,
  builder: () => [...campaignsKeys.all, 'builder'] as const,
  counts: (filter: CountFilter) => [...campaignsKeys.builder(), 'counts', filter] as const,
  /** Recipients lacking each field of the chosen templates (the Finalize step's warning). */
  missingFields: (filter: MissingFieldsFilter) =>
    [...campaignsKeys.builder(), 'missing-fields', filter] as const,
  targetLists: () => [...campaignsKeys.builder(), 'lists'] as const,
  templateGroups: () => [...campaignsKeys.builder(), 'template-groups'] as const,
};
