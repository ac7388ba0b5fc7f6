import { useMutation, useQueryClient } from '@tanstack/react-query';
import { correctReplyLabel, type ReplyLabel, type ReplyLabelDto } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { repliesKeys } from './replies-keys';

type Labels = { labels: ReplyLabelDto[] };

/** Puts a label into the record's cached labels (a correction, or `replyLabelled`). */
export function putLabel(labels: Labels | undefined, label: ReplyLabelDto): Labels | undefined {
  if (!labels) return labels;
  const known = labels.labels.some((l) => l.messageId === label.messageId);
  return {
    labels: known
      ? labels.labels.map((l) => (l.messageId === label.messageId ? label : l))
      : [...labels.labels, label],
  };
}

/** One click changes a received text's label; the chip changes at once and rolls back on error. */
export function useCorrectReplyLabel(itemId: string) {
  const queryClient = useQueryClient();
  const key = repliesKeys.forItem(itemId);
  return useMutation({
    mutationFn: (input: { messageId: string; label: ReplyLabel }) => call(correctReplyLabel, input),
    onMutate: async ({ messageId, label }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Labels>(key);
      const current = previous?.labels.find((l) => l.messageId === messageId);
      if (current)
        queryClient.setQueryData<Labels>(key, (old) =>
          putLabel(old, { ...current, label, source: 'member', confidence: 1, needsLook: false }),
        );
      return { previous };
    },
    onError: (_error, _input, context) => queryClient.setQueryData(key, context?.previous),
    onSuccess: ({ label }) => {
      queryClient.setQueryData<Labels>(key, (old) => putLabel(old, label));
      void queryClient.invalidateQueries({ queryKey: repliesKeys.counts() });
      void queryClient.invalidateQueries({ queryKey: repliesKeys.temperature(itemId) });
    },
  });
}
