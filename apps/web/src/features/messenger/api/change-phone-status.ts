import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { changeIdentifier } from '@prospector/core';
import { call } from '../../../lib/api-client';
import type { InboxData } from './get-inbox';
import { messengerKeys } from './messenger-keys';

export type PhoneStatusAction = 'DNC' | 'Wrong #';
export type ChangePhoneStatusInput = {
  itemId: string;
  phone: string;
  action: PhoneStatusAction;
  /** Taking a mark back: after the toggle, make the phone primary again if it was. */
  restorePrimary?: boolean;
};

function markPhone(data: InboxData | undefined, { itemId, phone, action }: ChangePhoneStatusInput) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((row) =>
        row._id === itemId && row.phone === phone
          ? { ...row, phoneStatus: row.phoneStatus === action ? ('' as const) : action }
          : row,
      ),
    })),
  };
}

/**
 * Wrong number and DNC on a row's phone (the one its last text used): shown at once, rolled back if
 * the call fails (the API client shows the server's message), then the lists are refetched (the
 * phone may have been the primary one, and the record moved up).
 */
export function useChangePhoneStatus(
  onChanged?: (itemId: string) => void,
  /** After a mark went through: what was asked, and whether the record still has a primary. */
  onMarked?: (input: ChangePhoneStatusInput, hasPrimary: boolean) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ itemId, phone, action, restorePrimary }: ChangePhoneStatusInput) => {
      const answer = await call(changeIdentifier, { itemId, value: phone, action });
      return restorePrimary ? call(changeIdentifier, { itemId, value: phone, action: 'primary' }) : answer;
    },
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: messengerKeys.inboxes() });
      const previous: [QueryKey, InboxData | undefined][] = queryClient.getQueriesData<InboxData>({
        queryKey: messengerKeys.inboxes(),
      });
      queryClient.setQueriesData<InboxData>({ queryKey: messengerKeys.inboxes() }, (data) =>
        markPhone(data, input),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (answer, input) => {
      onChanged?.(input.itemId);
      onMarked?.(
        input,
        answer.item.idts.some((i) => i.primary),
      );
    },
    onSettled: (_answer, _error, { itemId }) => {
      void queryClient.invalidateQueries({ queryKey: messengerKeys.inboxes() });
      void queryClient.invalidateQueries({ queryKey: messengerKeys.thread(itemId) });
    },
  });
}
