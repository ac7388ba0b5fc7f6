import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAddCredits, createTeam, pauseTeamCampaigns, suspendTeam } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useSecondFactorLapse } from '../hooks/use-second-factor-lapse';
import { adminKeys } from './admin-keys';

/** A staff action on a team: its success alert (spec part 2 §8), then the panel and the log read again. */
function useTeamAction<I, O extends object>(run: (input: I) => Promise<O>, success?: string) {
  const queryClient = useQueryClient();
  const lapse = useSecondFactorLapse();
  return useMutation({
    mutationFn: run,
    onSuccess: (out) => {
      notifySuccess('message' in out && typeof out.message === 'string' ? out.message : (success ?? ''));
      void queryClient.invalidateQueries({ queryKey: adminKeys.panels() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audits() });
    },
    onError: lapse,
  });
}

export const useSuspendTeam = () =>
  useTeamAction((input: { teamId: string; reason: string }) => call(suspendTeam, input));

export const usePauseTeamCampaigns = () =>
  useTeamAction((teamId: string) => call(pauseTeamCampaigns, { teamId }));

export const useCreateTeam = () => useTeamAction((email: string) => call(createTeam, { email }));

export const useAdminAddCredits = (success: string) =>
  useTeamAction(
    (input: { teamId: string; amount: number; note: string }) =>
      call(adminAddCredits, { ...input, reason: 'adminGrant' }),
    success,
  );
