import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getReplyActionSettings,
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
