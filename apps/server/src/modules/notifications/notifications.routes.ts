import {
  getNotifications,
  markAllNotificationsRead,
  markAllNotificationsSeen,
  markNotificationRead,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

export async function notificationsRoutes(app: FastifyInstance) {
  const { notifications } = app.services;
  route(app, getNotifications, async ({ auth }) => notifications.list(auth.userId));
  route(app, markAllNotificationsRead, async ({ auth }) => {
    await notifications.markAllRead(auth.userId);
    return { ok: true as const };
  });
  route(app, markAllNotificationsSeen, async ({ auth }) => {
    await notifications.markAllSeen(auth.userId);
    return { ok: true as const };
  });
  route(app, markNotificationRead, async ({ auth, body }) => {
    if (!(await notifications.markRead(auth.userId, body._id))) throw new DomainError('NOT_FOUND');
    return { ok: true as const };
  });
}
