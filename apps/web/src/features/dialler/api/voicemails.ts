import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { editVm, recordVm, removeVm, VM_AUDIO_PATH } from '@prospector/core';
import { call, callForFile, callWithForm } from '../../../lib/api-client';
import { diallerKeys } from './dialler-keys';

/** Uploads a recording; a zero-size one is never sent (spec part 1 §5). */
export function useRecordVm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blob: Blob) => {
      if (blob.size === 0) return Promise.resolve(null);
      const form = new FormData();
      form.append('vm', blob, blob.type.includes('webm') ? 'voicemail.webm' : 'voicemail.ogg');
      return callWithForm(recordVm, form);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: diallerKeys.page() }),
  });
}

export function useEditVm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { vmId: string; name: string }) => call(editVm, v),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: diallerKeys.page() }),
  });
}

export function useRemoveVm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vmId: string) => call(removeVm, { vmId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: diallerKeys.page() }),
  });
}

/** A voicemail's audio, fetched with the session's token (the team's only), as an object URL. */
export function useVmAudio(vmId: string) {
  return useQuery({
    queryKey: diallerKeys.vmAudio(vmId),
    queryFn: async () =>
      URL.createObjectURL((await callForFile(VM_AUDIO_PATH.replace(':id', vmId), { quiet: true })).blob),
    staleTime: Infinity,
  });
}
