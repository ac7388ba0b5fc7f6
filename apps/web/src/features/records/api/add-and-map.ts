import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addAndMapData, type ItemType } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { replaceItem } from './record-cache';

/**
 * Adds a contact (phone), property (address) or company (name or website) to the open record.
 * Not optimistic: a refused add changes nothing; the answer is the updated record.
 */
export function useAddAndMap(addedTo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { type: ItemType; idt: string }) => call(addAndMapData, { ...input, addedTo }),
    onSuccess: ({ item }) => replaceItem(queryClient, item),
  });
}
