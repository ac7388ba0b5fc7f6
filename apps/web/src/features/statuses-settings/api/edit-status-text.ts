import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editStatusText as editStatusTextEndpoint, type StatusDto } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { statusesKeys, type OnStatusesChanged } from './statuses-keys';

type Rename = { _id: string; text: string; prevText: string };

export function editStatusText(rename: Rename) {
  return call(editStatusTextEndpoint, rename);
}

/** Renames a custom status; its records and board column carry the new name. */
export function useEditStatusText(onChanged?: OnStatusesChanged) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editStatusText,
    onSuccess: (status) => {
      queryClient.setQueryData<StatusDto[]>(statusesKeys.list(), (old) =>
        old?.map((s) => (s._id === status._id ? status : s)),
      );
      onChanged?.();
    },
  });
}
