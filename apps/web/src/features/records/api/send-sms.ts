import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendSms, type ItemType, type MessageDto } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { addMessage, placeholderId, removeMessage, snapshotRecord } from './record-cache';

export type SendSmsInput = { body: string; to: string; from?: string };

/**
 * Texts one of the record's numbers from a device (`from`; the server picks one without it). The text
 * shows at once as 'queued'; it is taken back if the server refuses it (the toast says why).
 */
export function useSendSms(itemId: string, itemType: ItemType, sender: MessageDto['sender']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, to, from }: SendSmsInput) =>
      call(sendSms, { body, dataId: itemId, dataType: itemType, to, ...(from ? { from } : {}) }),
    onMutate: async ({ body, to, from }) => {
      // A record fetch started before the send would land without the text: stop it first.
      await snapshotRecord(queryClient, itemId);
      const placeholder: MessageDto = {
        _id: placeholderId(),
        itemId,
        body,
        direction: 'out',
        phone: to,
        sentFrom: from ?? null,
        sender,
        comment: false,
        isIM: false,
        status: 'queued',
        system: false,
        due: null,
        file: null,
        vmUrl: null,
        createdAt: new Date().toISOString(),
      };
      addMessage(queryClient, itemId, placeholder);
      return { placeholder: placeholder._id };
    },
    onError: (_error, _input, context) => {
      if (context) removeMessage(queryClient, itemId, context.placeholder);
    },
    onSuccess: ({ message }, _input, context) =>
      addMessage(queryClient, itemId, message, context.placeholder),
  });
}
