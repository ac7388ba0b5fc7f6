import { useMutation } from '@tanstack/react-query';
import { editTeamProfile } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export function putTeamProfile(name: string) {
  return call(editTeamProfile, { name });
}

/** Renames the company. */
export function useEditTeamProfile(onSaved: (name: string) => void) {
  return useMutation({
    mutationFn: putTeamProfile,
    onSuccess: ({ name }) => {
      onSaved(name);
      notifySuccess('Company name saved.');
    },
  });
}
