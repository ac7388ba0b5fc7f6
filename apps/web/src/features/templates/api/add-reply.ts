import { addReply as addReplyEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useTemplatesMutation } from './use-templates-mutation';

/** A new quick reply (the modal's add mode: no id yet). */
export function addReply(input: { title: string; text: string }) {
  return call(addReplyEndpoint, input);
}

export function useAddReply() {
  return useTemplatesMutation(addReply);
}
