import { mayReadRecord } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { NotificationsService } from '../notifications/index.js';
import type { RecordsErrorCode } from './records.errors.js';
import { toMessageDto } from './records.mappers.js';
import * as q from './records.queries.js';
import type { RecordsService } from './records.service.js';

type R<T> = Promise<Result<T, RecordsErrorCode>>;

export type ThreadService = ReturnType<typeof createThreadService>;

/** A text going out, as the SMS module records it on the record's thread. */
export type OutgoingText = {
  item: { id: string; teamId: string };
  identifier: { id: string; value: string; sentFrom: string | null };
  body: string;
  /** The number or Apple ID it goes out from. */
  from: string;
  senderId: string | null;
  at: Date;
};

/**
 * A record's thread: comments with @mentions, scheduled notes, and the texts the SMS module sends
 * (written in its transaction, beside its device job).
 */
export function createThreadService(deps: {
  db: Db;
  clock: Clock;
  records: RecordsService;
  notifications: NotificationsService;
}) {
  const { db, clock, records, notifications } = deps;

  return {
    async addComment(auth: AuthContext, input: { itemId: string; body: string; mentions: string[] }) {
      const found = await records.access(auth, input.itemId);
      if (!found.ok) return found;
      const item = found.value;
      // Only members who may open the record hear of the comment (ADR 031): a mention names it.
      const mentioned = (await q.teamMembersAccess(db, auth.teamId, input.mentions))
        .filter((m) => mayReadRecord(m, item.assignedTo))
        .map((m) => m.id);
      const { message, push } = await db.transaction(async (tx) => {
        const m = await q.insertMessage(tx, {
          teamId: auth.teamId,
          itemId: item.id,
          body: input.body,
          senderId: auth.userId,
          comment: true,
          createdAt: clock.now(),
        });
        const p = await notifications.notify(tx, {
          teamId: auth.teamId,
          senderId: auth.userId,
          recipients: mentioned,
          body: `${auth.user.name || auth.user.email} mentioned you`,
          body2: input.body.slice(0, 200),
          targetId: item.id,
        });
        return { message: m, push: p };
      });
      await records.touch(item.id);
      await push();
      return ok(
        toMessageDto(message, { name: auth.user.name, email: auth.user.email, avatar: auth.user.avatar }),
      );
    },

    async deschedule(auth: AuthContext, itemId: string, messageId: string): R<true> {
      const found = await records.access(auth, itemId);
      if (!found.ok) return found;
      const m = await q.findMessage(db, itemId, messageId);
      if (!m) return fail('MESSAGE_NOT_FOUND');
      if (!m.system || !m.due || m.due.getTime() <= clock.now().getTime()) return fail('NOT_SCHEDULED');
      await q.deleteMessage(db, m.id);
      return ok(true);
    },

    /** The queued text on the thread, in the caller's transaction. */
    addOutgoing(tx: Db, text: OutgoingText) {
      return q.insertMessage(tx, {
        teamId: text.item.teamId,
        itemId: text.item.id,
        body: text.body,
        direction: 'out',
        phone: text.identifier.value,
        sentFrom: text.from,
        senderId: text.senderId,
        status: 'queued',
        createdAt: text.at,
      });
    },

    /**
     * What a text going out changes beside the thread, in the caller's transaction: the phone keeps
     * talking to the same sender, and the record shows it as its last message and last contact.
     */
    async noteOutgoing(tx: Db, text: OutgoingText) {
      if (!text.identifier.sentFrom) await q.setIdentifierSentFrom(tx, text.identifier.id, text.from);
      await q.updateItem(tx, text.item.id, {
        lastMessage: {
          body: text.body,
          createdAt: text.at.toISOString(),
          leadIdt: text.identifier.value,
          direction: 'out',
        },
        lastContactedAt: text.at,
        lastActivityAt: text.at,
        updatedAt: text.at,
      });
    },

    /** A text's delivery state as its device reported it (queued, sent, delivered, failed). */
    setMessageStatus(messageId: string, status: string) {
      return q.updateMessage(db, messageId, { status });
    },
  };
}
