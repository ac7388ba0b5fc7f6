import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buyNumber, endCalls, leaveVm, unqueueCall } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { diallerKeys } from './dialler-keys';

/** Ends the member's calls by provider id (the bar's end-call button). */
export function useEndCalls() {
  return useMutation({ mutationFn: (sids: string[]) => call(endCalls, { sids }) });
}

/** Drops the selected voicemail into a line that reached a machine. */
export function useLeaveVm() {
  return useMutation({ mutationFn: (sid: string) => call(leaveVm, { sid }) });
}

/** Takes a record off the queue (only one with no call status). */
export function useUnqueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => call(unqueueCall, { itemId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: diallerKeys.page() }),
  });
}

/** Rents a team number (admins and the phones permission). */
export function useBuyNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(buyNumber, {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: diallerKeys.page() }),
  });
}
