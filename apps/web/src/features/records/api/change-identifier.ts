import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeIdentifier, setPrimaryIdentifier, toggleIdentifierStatus } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { patchItem, replaceItem, setRecord, snapshotRecord } from './record-cache';

export type IdentifierAction = 'DNC' | 'Wrong #' | 'primary';
export type ChangeIdentifierInput = { value: string; action: IdentifierAction };

/** DNC and Wrong # toggles, or make primary: shown at once, rolled back if the call fails. */
export function useChangeIdentifier(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ value, action }: ChangeIdentifierInput) =>
      call(changeIdentifier, { itemId, value, action }),
    onMutate: async ({ value, action }) => {
      const previous = await snapshotRecord(queryClient, itemId);
      patchItem(queryClient, itemId, (item) => ({
        ...item,
        idts:
          action === 'primary'
            ? setPrimaryIdentifier(item.idts, value)
            : item.idts.map((i) => (i.value === value ? toggleIdentifierStatus(i, action) : i)),
      }));
      return { previous };
    },
    onError: (_error, _input, context) => setRecord(queryClient, itemId, context?.previous),
    onSuccess: ({ item }) => replaceItem(queryClient, item),
  });
}
