import type { CampaignDto } from '@prospector/core';

export type CampaignState = 'running' | 'paused' | 'finished';

/** Finished wins; otherwise a campaign in progress is running unless paused (spec part 2 §4). */
export function campaignState(campaign: Pick<CampaignDto, 'status' | 'paused'>): CampaignState {
  if (campaign.status === 'Finished') return 'finished';
  return campaign.paused ? 'paused' : 'running';
}

export const STATE_BADGE = {
  running: { label: 'Running', color: 'teal' },
  paused: { label: 'Paused', color: 'yellow' },
  finished: { label: 'Finished', color: 'gray' },
} as const;
