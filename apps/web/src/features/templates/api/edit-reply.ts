import { editReply as editReplyEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useTemplatesMutation } from './use-templates-mutation';

/** Saves a quick reply (the modal's edit mode: it has an id). */
export function editReply(input: { _id: string; title: string; text: string }) {
  return call(editReplyEndpoint, input);
}

export function useEditReply() {
  return useTemplatesMutation(editReply);
}
