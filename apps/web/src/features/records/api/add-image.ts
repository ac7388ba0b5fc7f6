import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addImage, messages } from '@prospector/core';
import { callWithForm } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { replaceItem } from './record-cache';

/** Uploads a property's photo (spec part 1 §7 form: img, fileId, address); the record shows it at once. */
export function useAddImage(itemId: string, address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('fileId', itemId);
      form.append('address', address);
      form.append('img', file);
      return callWithForm(addImage, form);
    },
    onSuccess: ({ item }) => {
      replaceItem(queryClient, item);
      notifySuccess(messages.recordDetail.photoSaved);
    },
  });
}
