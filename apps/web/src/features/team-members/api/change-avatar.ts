import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeAvatar, messages } from '@prospector/core';
import { callWithForm } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { teamMembersKeys } from './team-members-keys';

/** The caller's own photo, as the part `avatar` of a multipart form. */
export function postChangeAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return callWithForm(changeAvatar, form, { quiet: true });
}

/** Failures are left to the caller, which shows them beside the button. */
export function useChangeAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postChangeAvatar,
    onSuccess: async () => {
      notifySuccess(messages.avatars.photoSaved);
      await queryClient.invalidateQueries({ queryKey: teamMembersKeys.all });
    },
  });
}
