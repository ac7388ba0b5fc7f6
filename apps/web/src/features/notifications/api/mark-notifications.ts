import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  markAllNotificationsRead,
  markAllNotificationsSeen,
  markNotificationRead,
  type NotificationDto,
} from '@prospector/core';
import { call } from '../../../lib/api-client';
import type { NotificationsData } from './get-notifications';
import { notificationsKeys } from './notifications-keys';

function patchAll(
  queryClient: QueryClient,
  patch: (n: NotificationDto) => NotificationDto,
  counts: (d: NotificationsData, before: NotificationDto[]) => Partial<NotificationsData>,
) {
  queryClient.setQueryData<NotificationsData>(notificationsKeys.list(), (data) =>
    data
      ? { ...data, notifications: data.notifications.map(patch), ...counts(data, data.notifications) }
      : data,
  );
}

/** Opening the panel marks everything seen (spec part 1 §4). */
export function useMarkAllSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(markAllNotificationsSeen, undefined, { quiet: true }),
    onSuccess: () =>
      patchAll(
        queryClient,
        (n) => ({ ...n, seen: true }),
        () => ({ unseen: 0 }),
      ),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(markAllNotificationsRead),
    onSuccess: () =>
      patchAll(
        queryClient,
        (n) => ({ ...n, read: true, seen: true }),
        () => ({ unread: 0, unseen: 0 }),
      ),
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(markNotificationRead, { _id: id }),
    onMutate: (id) =>
      patchAll(
        queryClient,
        (n) => (n._id === id ? { ...n, read: true, seen: true } : n),
        (data, before) => ({
          unread: Math.max(0, data.unread - (before.some((n) => n._id === id && !n.read) ? 1 : 0)),
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
