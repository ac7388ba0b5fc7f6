import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forceRemovePhones, removePhones, replacePhones } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { adminPhonesKeys } from './admin-phones-keys';

export type PhonesAction = 'remove' | 'forceRemove' | 'replace';
const ENDPOINTS = { remove: removePhones, forceRemove: forceRemovePhones, replace: replacePhones };

/**
 * Remove, force remove or replace a sid's phones. The success alert is the server's sentence; a
 * refusal ('CAN NOT REMOVE. TRY FORCE REMOVE AND LET {name} KNOW') is shown by the API client.
 */
export function useChangePhones(sid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, phones }: { action: PhonesAction; phones: string[] }) =>
      call(ENDPOINTS[action], { sid, phones }),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      queryClient.setQueryData(adminPhonesKeys.sid(sid), answer.result);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminPhonesKeys.accounts() }),
    // A refusal may come after some numbers were released: read the sid again.
    onError: () => void queryClient.invalidateQueries({ queryKey: adminPhonesKeys.sid(sid) }),
  });
}
