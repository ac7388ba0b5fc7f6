import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendSms, type ItemType } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { messengerKeys } from './messenger-keys';

/** Answers a record from its expanded row: the text goes to `to`, then the thread is read again. */
export function useReplySms(itemId: string, itemType: ItemType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, to }: { body: string; to: string }) =>
      call(sendSms, { body, dataId: itemId, dataType: itemType, to }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: messengerKeys.thread(itemId) }),
  });
}
