import { useMutation, useQueryClient } from '@tanstack/react-query';
import { launchCampaign as launchEndpoint } from '@prospector/core';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export type LaunchBody = z.input<NonNullable<(typeof launchEndpoint)['body']>>;

export function launchCampaign(body: LaunchBody) {
  return call(launchEndpoint, body);
}

/** Launches a campaign; the campaigns page loads it on its next visit. */
export function useLaunchCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: launchCampaign,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() }),
  });
}
