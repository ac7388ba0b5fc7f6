import { useMutation } from '@tanstack/react-query';
import { changeCountry } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export function putCountry(country: string) {
  return call(changeCountry, { country });
}

/** Saves the team's home country; `onSaved` refreshes the current user, which redraws every number. */
export function useChangeCountry(onSaved: (country: string) => void) {
  return useMutation({
    mutationFn: putCountry,
    onSuccess: ({ country }) => {
      onSaved(country);
      notifySuccess('Country saved.');
    },
  });
}
