import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { editStatusCallSettings, getStatusCallSettings, type StatusCallSettingsDto } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { statusesKeys } from './statuses-keys';

export const statusCallSettingsQueryOptions = () =>
  queryOptions({ queryKey: statusesKeys.calls(), queryFn: () => call(getStatusCallSettings) });

/** Every status's call settings, with the members and voicemails the dialog offers. */
export function useStatusCallSettings(enabled: boolean) {
  return useQuery({ ...statusCallSettingsQueryOptions(), enabled });
}

/** Saves a status's forward / forwardTo / autoRvm / selectedVm. */
export function useEditStatusCallSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: StatusCallSettingsDto) => call(editStatusCallSettings, s),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: statusesKeys.calls() }),
  });
}
