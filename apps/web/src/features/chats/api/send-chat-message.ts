import { useMutation } from '@tanstack/react-query';
import { sendChatMessage } from '@prospector/core';
import { callWithForm } from '../../../lib/api-client';
import { useApplyMessage } from '../hooks/use-apply-message';

export type ChatDraft = { chatId: string; body: string; image: File | null; mentions: string[] };

/** POST /api/chats/send as the spec's form: chatId, body, img?, fileId? (spec part 1 §7). */
export function sendChat(draft: ChatDraft) {
  const form = new FormData();
  form.set('chatId', draft.chatId);
  form.set('body', draft.body);
  if (draft.mentions.length) form.set('mentions', draft.mentions.join(','));
  if (draft.image) {
    form.set('fileId', crypto.randomUUID());
    form.set('img', draft.image);
  }
  return callWithForm(sendChatMessage, form);
}

/** Sends a message; the answer joins the history at once (the socket's copy of it is then a duplicate, ignored). */
export function useSendChatMessage() {
  const apply = useApplyMessage();
  return useMutation({
    mutationFn: sendChat,
    onSuccess: ({ message }) => apply(message, { own: true }),
  });
}
