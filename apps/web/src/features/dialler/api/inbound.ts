import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  answerInbound,
  declineInbound,
  getCallSettings,
  simulateInbound,
  updateCallSettings,
  type UserCallSettingsDto,
} from '@prospector/core';
import { call } from '../../../lib/api-client';
import { acceptBrowserCall, rejectBrowserCall } from '../hooks/use-dialler-audio';
import { diallerKeys } from './dialler-keys';

/** Takes an inbound call ringing this browser (the first member to accept gets it). */
export function useAnswerInbound() {
  return useMutation({
    mutationFn: async (callId: string) => {
      const answered = await call(answerInbound, { callId });
      // With Twilio, this browser's voice client now accepts its own leg of the call.
      acceptBrowserCall(callId);
      return answered;
    },
  });
}

export function useDeclineInbound() {
  return useMutation({
    mutationFn: async (callId: string) => {
      rejectBrowserCall(callId);
      return call(declineInbound, { callId });
    },
  });
}

/** The simulated line only: a contact calls the team's number now. */
export function useSimulateInbound() {
  return useMutation({ mutationFn: () => call(simulateInbound, {}) });
}

export function useCallSettings(enabled: boolean) {
  return useQuery({
    queryKey: diallerKeys.settings(),
    queryFn: async () => (await call(getCallSettings)).settings,
    enabled,
  });
}

export function useUpdateCallSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (s: UserCallSettingsDto) => (await call(updateCallSettings, s)).settings,
    onSuccess: (saved) => queryClient.setQueryData(diallerKeys.settings(), saved),
  });
}
