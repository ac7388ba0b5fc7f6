import { useMutation } from '@tanstack/react-query';
import { changePpgl } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export function putPpgl(ppgl: number) {
  return call(changePpgl, { ppgl });
}

/** Saves the daily texting limit (the server caps it at 200). */
export function useChangePpgl(onSaved: (ppgl: number) => void) {
  return useMutation({
    mutationFn: putPpgl,
    onSuccess: ({ ppgl }) => {
      onSaved(ppgl);
      notifySuccess('Daily texting limit saved.');
    },
  });
}
