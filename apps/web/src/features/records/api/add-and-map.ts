import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addAndMapData, messages, type ItemType } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { replaceItem } from './record-cache';

export type AddLinkedInput = { type: ItemType; idt: string; existingId?: string };

/**
 * Adds a contact (phone), property (address) or company (name or website) to the open record, or
 * links the existing one picked from the suggestions. Not optimistic: a refused add changes nothing;
 * the answer is the updated record, and a toast says whether the team's existing record was linked
 * (the server stacks by the import's keys) or a new one made.
 */
export function useAddAndMap(addedTo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddLinkedInput) => call(addAndMapData, { ...input, addedTo }),
    onSuccess: ({ item, linked }, input) => {
      replaceItem(queryClient, item);
      const summary = [...item.contacts, ...item.properties, ...item.companies].find(
        (s) => s._id === linked._id,
      );
      const template = linked.existed ? messages.records.linkedExisting : messages.records.linkedNew;
      notifySuccess(template.replace('{type}', input.type).replace('{title}', summary?.title ?? input.idt));
    },
  });
}
