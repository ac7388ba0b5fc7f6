import type { NotificationDto } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Realtime } from '../../plugins/realtime.js';
import * as q from './notifications.queries.js';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

type Row = Awaited<ReturnType<typeof q.listForUser>>[number];
function toDto({ n, senderName, senderEmail, senderAvatar }: Row): NotificationDto {
  return {
    _id: n.id,
    sender:
      n.senderId && senderEmail
        ? { _id: n.senderId, name: senderName || senderEmail, avatar: senderAvatar }
        : null,
    body: n.body,
    body2: n.body2,
    target: n.target,
    targetId: n.targetId,
    seen: n.seen,
    read: n.read,
    createdAt: n.createdAt.toISOString(),
  };
}

/** Notifications are stored per recipient and pushed live to the recipient's sockets. */
export function createNotificationsService(deps: { db: Db; clock: Clock; realtime: () => Realtime }) {
  const { db, clock } = deps;

  return {
    /**
     * Writes a notification for each recipient (the sender excluded) inside the caller's transaction;
     * returns a function that pushes them live, to call once the transaction has committed.
     */
    async notify(
      tx: Db,
      n: {
        teamId: string;
        /** Null for what no member did (an inbound text). */
        senderId: string | null;
        recipients: string[];
        body: string;
        body2?: string | null;
        /** The record it is about; null for a chat mention. */
        targetId: string | null;
      },
    ) {
      const sent: { userId: string; id: string }[] = [];
      for (const userId of new Set(n.recipients)) {
        if (userId === n.senderId) continue;
        const row = await q.insertNotification(tx, {
          teamId: n.teamId,
          userId,
          senderId: n.senderId,
          body: n.body,
          body2: n.body2 ?? null,
          targetId: n.targetId,
          createdAt: clock.now(),
        });
        sent.push({ userId, id: row.id });
      }
      return async () => {
        for (const { userId, id } of sent) {
          const latest = await q.findWithSender(db, id);
          if (!latest) continue;
          const { unread } = await q.countsForUser(db, userId);
          deps.realtime().toUser(userId, 'notification', { notification: toDto(latest), unread });
        }
      };
    },

    /** A notice for the team's admins about no record in particular (a device paused for a campaign). */
    async notifyAdmins(teamId: string, body: string) {
      for (const userId of await q.teamAdminIds(db, teamId)) {
        const row = await q.insertNotification(db, {
          teamId,
          userId,
          senderId: null,
          body,
          targetId: null,
          createdAt: clock.now(),
        });
        const latest = await q.findWithSender(db, row.id);
        const { unread } = await q.countsForUser(db, userId);
        if (latest) deps.realtime().toUser(userId, 'notification', { notification: toDto(latest), unread });
      }
    },

    async list(userId: string) {
      const [rows, counts] = await Promise.all([q.listForUser(db, userId, 50), q.countsForUser(db, userId)]);
      return { notifications: rows.map(toDto), ...counts };
    },
    markAllRead: (userId: string) => q.markAll(db, userId, 'read'),
    markAllSeen: (userId: string) => q.markAll(db, userId, 'seen'),
    markRead: (userId: string, id: string) => q.markOneRead(db, userId, id),
    markTargetRead: (userId: string, targetId: string) => q.markTargetRead(db, userId, targetId),
  };
}
