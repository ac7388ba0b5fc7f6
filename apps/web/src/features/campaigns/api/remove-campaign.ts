import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeCampaign } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { dropCampaign } from './campaign-cache';

export function removeCampaignById(campaignId: string) {
  return call(removeCampaign, { campaignId });
}

/** Deletes a campaign once confirmed; its card goes when the server has deleted it. */
export function useRemoveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCampaignById,
    onSuccess: (_answer, campaignId) => dropCampaign(queryClient, campaignId),
  });
}
