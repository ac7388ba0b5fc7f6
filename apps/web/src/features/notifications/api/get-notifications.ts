import { queryOptions, useQuery } from '@tanstack/react-query';
import { getNotifications as getNotificationsEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notificationsKeys } from './notifications-keys';

export function getNotifications() {
  return call(getNotificationsEndpoint);
}

export type NotificationsData = Awaited<ReturnType<typeof getNotifications>>;

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationsKeys.list(), queryFn: getNotifications });

/** The newest 50 notifications and the unread / unseen counts. */
export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

/** The current user's unread notifications: the bell's badge and the Dashboard's counter in the navigation. */
export function useUnreadNotifications() {
  return useQuery({ ...notificationsQueryOptions(), select: (data) => data.unread });
}
