import { useQueryClient } from '@tanstack/react-query';
import { useServerEvent } from '../../../lib/use-server-event';
import type { NotificationsData } from '../api/get-notifications';
import { notificationsKeys } from '../api/notifications-keys';

/** A `notification` event puts the new one on top and sets the unread count the server sent. */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useServerEvent('notification', ({ notification, unread }) => {
    queryClient.setQueryData<NotificationsData>(notificationsKeys.list(), (data) => {
      if (!data) return { notifications: [notification], unread, unseen: notification.seen ? 0 : 1 };
      if (data.notifications.some((n) => n._id === notification._id)) return { ...data, unread };
      return {
        notifications: [notification, ...data.notifications],
        unread,
        unseen: data.unseen + (notification.seen ? 0 : 1),
      };
    });
  });
}
