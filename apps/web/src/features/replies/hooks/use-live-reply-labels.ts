import { useQueryClient } from '@tanstack/react-query';
import type { ReplyLabelDto } from '@prospector/core';
import { useServerEvent } from '../../../lib/use-server-event';
import { putLabel } from '../api/correct-reply-label';
import { repliesKeys } from '../api/replies-keys';

/** A text labelled as it came in, or corrected by another member: its chip follows. */
export function useLiveReplyLabels() {
  const queryClient = useQueryClient();
  useServerEvent('replyLabelled', ({ itemId, label }) => {
    const key = repliesKeys.forItem(itemId);
    if (queryClient.getQueryData(key))
      queryClient.setQueryData<{ labels: ReplyLabelDto[] }>(key, (old) => putLabel(old, label));
    else void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: repliesKeys.counts() });
    void queryClient.invalidateQueries({ queryKey: repliesKeys.temperature(itemId) });
  });
}
