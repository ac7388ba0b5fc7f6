import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { notificationDto } from './dto.js';

/** The newest 50 notifications of the caller and how many are unread. */
export const getNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/notifications',
  auth: true,
  response: z.object({
    notifications: z.array(notificationDto),
    unread: z.number().int(),
    unseen: z.number().int(),
  }),
});

export const markAllNotificationsRead = defineEndpoint({
  method: 'PATCH',
  path: '/api/notifications/markAllRead',
  auth: true,
  response: z.object({ ok: z.literal(true) }),
});

export const markAllNotificationsSeen = defineEndpoint({
  method: 'PATCH',
  path: '/api/notifications/markAllSeen',
  auth: true,
  response: z.object({ ok: z.literal(true) }),
});

export const markNotificationRead = defineEndpoint({
  method: 'PATCH',
  path: '/api/notifications/read',
  auth: true,
  body: z.object({ _id: z.uuid() }),
  response: z.object({ ok: z.literal(true) }),
});
