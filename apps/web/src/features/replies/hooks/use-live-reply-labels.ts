import { useQueryClient } from '@tanstack/react-query';
import type { ReplyLabelDto } from '@prospector/core';
import { useServerEvent } from '../../../lib/use-server-event';
import { putLabel } from '../api/correct-reply-label';
import { repliesKeys } from '../api/replies-keys';

/**
 * A text labelled as it came in, or corrected by another member: its chip follows. The server stores a
 * label before its automatic actions and announces both after: a labels fetch under way may have read
 * the label without them and land after this event, so it is cancelled first (a refetch would join it
 * while nothing is cached, and its answer would win over the event's).
 */
export function useLiveReplyLabels() {
  const queryClient = useQueryClient();
  useServerEvent('replyLabelled', ({ itemId, label }) => {
    const key = repliesKeys.forItem(itemId);
    void queryClient.cancelQueries({ queryKey: key }).then(() => {
      if (queryClient.getQueryData(key))
        queryClient.setQueryData<{ labels: ReplyLabelDto[] }>(key, (old) => putLabel(old, label));
      else void queryClient.invalidateQueries({ queryKey: key });
    });
    void queryClient.invalidateQueries({ queryKey: repliesKeys.counts() });
    void queryClient.invalidateQueries({ queryKey: repliesKeys.temperature(itemId) });
  });
}
