import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getPropertyInfo } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { replaceItem } from './record-cache';

/**
 * The property information look-up: the server fills the property's EMPTY fields from what it found
 * and answers the property. Quiet: the panel shows the outcome itself ('Something went wrong.', or
 * 'not configured').
 */
export function usePropertyInfo(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string) => call(getPropertyInfo, { address, itemId }, { quiet: true }),
    onSuccess: ({ item }) => {
      if (item) replaceItem(queryClient, item);
    },
  });
}
