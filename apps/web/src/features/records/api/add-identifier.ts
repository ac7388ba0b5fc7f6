import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addIdentifier } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { replaceItem } from './record-cache';

/** Adds a replacement phone or e-mail; the answer is the updated item. */
export function useAddIdentifier(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: string) => call(addIdentifier, { itemId, value }),
    onSuccess: ({ item }) => replaceItem(queryClient, item),
  });
}
