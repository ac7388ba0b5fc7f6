import { useMutation } from '@tanstack/react-query';
import { updateTimezone } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export function putTimezone(timezone: { value: string; text: string }) {
  return call(updateTimezone, { timezone });
}

/** Saves the team's time zone; `onSaved` lets the app refresh the current user. */
export function useUpdateTimezone(onSaved: (timezone: string) => void) {
  return useMutation({
    mutationFn: putTimezone,
    onSuccess: ({ timezone }) => {
      onSaved(timezone);
      notifySuccess('Time zone saved.');
    },
  });
}
