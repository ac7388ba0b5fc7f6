import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, removeList } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { dropList } from './list-cache';

export function removeListById(listId: string) {
  return call(removeList, { listId });
}

/**
 * Deletes a list (its records stay). The card goes once the server has deleted it; a refusal (the
 * list is still importing) shows the server's message as a toast.
 */
export function useRemoveList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeListById,
    onSuccess: (_answer, listId) => {
      dropList(queryClient, listId);
      notifySuccess(messages.lists.listDeleted);
    },
  });
}
