import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addComment, type ItemType } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { patchRecord, snapshotRecord } from './record-cache';

export type AddCommentInput = { body: string; mentions: string[] };

/** A comment on the record; mentioned members (by id) are notified by the server. */
export function useAddComment(itemId: string, itemType: ItemType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, mentions }: AddCommentInput) =>
      call(addComment, { body, mentions, dataId: itemId, dataType: itemType }),
    onSuccess: async ({ message }) => {
      // A record fetch started before the comment was saved would land without it: stop it first.
      await snapshotRecord(queryClient, itemId);
      patchRecord(queryClient, itemId, (r) =>
        r.messages.some((m) => m._id === message._id) ? r : { ...r, messages: [...r.messages, message] },
      );
    },
  });
}
