import { useMutation } from '@tanstack/react-query';
import { updateSubUsers, type SubUser } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export function putSubUsers(subUsers: SubUser[]) {
  return call(updateSubUsers, { subUsers });
}

/** Replaces the team's sub-users; the server answers with what it kept. */
export function useUpdateSubUsers(onSaved: (subUsers: SubUser[]) => void) {
  return useMutation({
    mutationFn: putSubUsers,
    onSuccess: ({ subUsers }) => {
      onSaved(subUsers);
      notifySuccess('Sub-users saved.');
    },
  });
}
