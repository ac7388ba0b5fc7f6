import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unlinkItems, type ItemSummary, type ItemType } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { patchItem, setRecord, snapshotRecord } from './record-cache';

const LISTS = { contact: 'contacts', property: 'properties', company: 'companies' } as const;

/** Unlinks a contact, property or company from the open record. */
export function useUnlinkItem(parentId: string, parentType: ItemType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linked: ItemSummary) =>
      call(unlinkItems, { parentId, parentType, dataId: linked._id, dataType: linked.type }),
    onMutate: async (linked) => {
      const previous = await snapshotRecord(queryClient, parentId);
      const list = LISTS[linked.type];
      patchItem(queryClient, parentId, (item) => ({
        ...item,
        [list]: item[list].filter((l) => l._id !== linked._id),
      }));
      return { previous };
    },
    onError: (_error, _input, context) => setRecord(queryClient, parentId, context?.previous),
  });
}
