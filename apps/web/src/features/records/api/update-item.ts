import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateItem, type FieldValue, type SectionFieldDto } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { patchItem, replaceItem, setRecord, snapshotRecord } from './record-cache';
import type { RecordData } from './get-item';

export type FieldInput = { field: SectionFieldDto; value: FieldValue | string[] };

/**
 * Saves one field: a system field by its name (`item.data`), a custom one by its id (`item.custom`).
 * Shown at once; the previous value comes back if the call fails.
 */
export function useUpdateField(record: RecordData) {
  const queryClient = useQueryClient();
  const { _id: itemId, type } = record.item;
  return useMutation({
    mutationFn: ({ field, value }: FieldInput) =>
      field.system
        ? call(updateItem, {
            dataId: itemId,
            key: field.name,
            val: Array.isArray(value) ? value.join(', ') : value,
            dataType: type,
          })
        : call(updateItem, { fieldId: field._id, itemId, data: value, type }),
    onMutate: async ({ field, value }) => {
      const previous = await snapshotRecord(queryClient, itemId);
      patchItem(queryClient, itemId, (item) =>
        field.system
          ? { ...item, data: { ...item.data, [field.name]: Array.isArray(value) ? value.join(', ') : value } }
          : { ...item, custom: { ...item.custom, [field._id]: value } },
      );
      return { previous };
    },
    onError: (_error, _input, context) => setRecord(queryClient, itemId, context?.previous),
    onSuccess: ({ item }) => replaceItem(queryClient, item),
  });
}
