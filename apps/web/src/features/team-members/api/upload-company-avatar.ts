import { useMutation } from '@tanstack/react-query';
import { editTeamAvatar, messages } from '@prospector/core';
import { callWithForm } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

/** The company logo, as the part `img` of the multipart form of PATCH /api/teams/editProfile. */
export function patchCompanyAvatar(file: File) {
  const form = new FormData();
  form.append('img', file);
  return callWithForm(editTeamAvatar, form, { quiet: true });
}

/** Admin only. Failures are left to the caller, which shows them beside the button. */
export function useUploadCompanyAvatar() {
  return useMutation({
    mutationFn: patchCompanyAvatar,
    onSuccess: () => notifySuccess(messages.avatars.logoSaved),
  });
}
