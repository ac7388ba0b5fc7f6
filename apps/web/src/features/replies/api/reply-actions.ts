import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getReplyActionSettings,
  getReplyBacklog,
  getReplyModelAccuracy,
  saveReplyActionSettings,
  undoReplyActions,
  type ReplyActionSettings,
  type ReplyLabelDto,
} from '@prospector/core';
import { call } from '../../../lib/api-client';
import { putLabel } from './correct-reply-label';
import { repliesKeys } from './replies-keys';

/** The team's reply actions per label (Settings > Reply actions). */
export function useReplyActionSettings() {
  return useQuery({
    queryKey: repliesKeys.actionSettings(),
    queryFn: () => call(getReplyActionSettings, undefined),
    select: (data) => data.settings,
  });
}

/** An admin's change, saved at once; the form shows it at once and goes back on error. */
export function useSaveReplyActionSettings() {
  const queryClient = useQueryClient();
  const key = repliesKeys.actionSettings();
  return useMutation({
    mutationFn: (settings: ReplyActionSettings) => call(saveReplyActionSettings, settings),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<{ settings: ReplyActionSettings }>(key);
      queryClient.setQueryData(key, { settings });
      return { previous };
    },
    onError: (_e, _s, context) => queryClient.setQueryData(key, context?.previous),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}

/** For admins: the team's model on its own newest corrections. */
export function useReplyModelAccuracy(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: repliesKeys.accuracy(),
    queryFn: () => call(getReplyModelAccuracy, undefined),
  });
}

/** How often the pass's progress is read again while texts received before are still being labelled. */
export const BACKLOG_REFRESH_MS = 5000;

/** The background pass's progress (issue 31, item 6), read again while it is not done. */
export function useReplyBacklog() {
  return useQuery({
    queryKey: repliesKeys.backlog(),
    queryFn: () => call(getReplyBacklog, undefined),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && data.labelled < data.received ? BACKLOG_REFRESH_MS : false;
    },
  });
}

/** The Undo of a reply's automatic actions; the record's thread, tasks and status follow by events. */
export function useUndoReplyActions(itemId: string, onUndone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => call(undoReplyActions, { messageId }),
    onSuccess: ({ label }) => {
      queryClient.setQueryData<{ labels: ReplyLabelDto[] }>(repliesKeys.forItem(itemId), (old) =>
        putLabel(old, label),
      );
      onUndone?.();
    },
  });
}
