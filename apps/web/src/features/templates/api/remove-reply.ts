import { removeReply as removeReplyEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useTemplatesMutation } from './use-templates-mutation';

/** Deletes a quick reply. */
export function removeReply(id: string) {
  return call(removeReplyEndpoint, { _id: id });
}

export function useRemoveReply() {
  return useTemplatesMutation(removeReply);
}
