import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startStopCampaign } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { patchCampaign } from './campaign-cache';
import { campaignsKeys } from './campaigns-keys';

export type StartStopInput = { campaignId: string; paused: boolean };

export function startStop(input: StartStopInput) {
  return call(startStopCampaign, input);
}

/**
 * Pauses or resumes a campaign: the card changes at once and changes back if the call fails (the
 * server's message shows as a toast). The card keeps its place until the next refresh reorders it.
 */
export function useStartStopCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startStop,
    onMutate: async ({ campaignId, paused }) => {
      await queryClient.cancelQueries({ queryKey: campaignsKeys.lists() });
      patchCampaign(queryClient, campaignId, (c) => ({ ...c, paused }));
    },
    onError: (_error, { campaignId, paused }) =>
      patchCampaign(queryClient, campaignId, (c) => ({ ...c, paused: !paused })),
    onSuccess: (saved) => patchCampaign(queryClient, saved._id, () => saved),
  });
}
