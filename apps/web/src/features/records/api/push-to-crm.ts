import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, pushToCrm } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { patchItem } from './record-cache';

/** Sends the record to the team's push hook; the toolbar then shows 'Pushed to CRM'. */
export function usePushToCrm(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(pushToCrm, { itemId }),
    onSuccess: () => {
      patchItem(queryClient, itemId, (item) => ({ ...item, pushedToCrm: true }));
      notifySuccess(messages.records.pushedToCrm);
    },
  });
}
