import {
  effectiveReplyActions,
  planReplyActions,
  replyActionsMessage,
  type DoneAction,
  type ReplyActionSettings,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import { setPhoneOrigin } from '../../db/phone-origin.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { Realtime } from '../../plugins/realtime.js';
import type { PhoneZones } from '../../providers/phone-zones/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { replyEffects, toMessageDto } from '../records/index.js';
import type { RepliesErrorCode } from './replies.errors.js';
import type * as lq from './replies.queries.js';
import * as q from './reply-actions.queries.js';
import { readNamedTime } from './reply-times.js';

/** A due time as the thread shows it, in the contact's zone: "Sun, Nov 29, 10:00 AM PST". */
function formatDue(zone: string) {
  return (due: Date) => {
    try {
      return new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }).format(due);
    } catch {
      return due.toISOString();
    }
  };
}

/**
 * The automatic actions of a labelled reply (issue 31, item 4), by the team's settings: applied in one
 * transaction with a system message in the thread that says what was done, and undone by its Undo.
 */
export function createReplyActions(deps: {
  db: Db;
  clock: Clock;
  realtime: () => Realtime;
  notifications: Pick<NotificationsService, 'notify'>;
  zonesOf: PhoneZones;
}) {
  const { db, clock } = deps;

  async function settings(teamId: string): Promise<ReplyActionSettings> {
    return effectiveReplyActions(await q.findSettings(db, teamId), await q.teamStatuses(db, teamId));
  }

  async function statusText(teamId: string, statusId: string | null) {
    if (!statusId) return null;
    return (await q.teamStatuses(db, teamId)).find((s) => s.id === statusId)?.text ?? null;
  }

  return {
    settings,

    async saveSettings(
      auth: AuthContext,
      next: ReplyActionSettings,
    ): Promise<Result<ReplyActionSettings, RepliesErrorCode>> {
      if (auth.user.role !== 'admin') return fail('REPLY_ACTIONS_ADMIN_ONLY');
      const ids = new Set((await q.teamStatuses(db, auth.teamId)).map((s) => s.id));
      // eslint-disable-next-line no-restricted-syntax -- the reply labels' own names (core REPLY_LABELS)
      const chosen = [next.not_owner.statusId, next.not_interested.statusId, next.interested.statusId];
      if (chosen.some((id) => id !== null && !ids.has(id))) return fail('REPLY_UNKNOWN_STATUS');
      await q.saveSettings(db, auth.teamId, next, clock.now());
      return ok(await settings(auth.teamId));
    },

    /** Applies what the team has a labelled reply do; answers the actions' row, or null when none. */
    async apply(label: lq.ReplyLabelRow, body: string): Promise<q.ReplyActionRow | null> {
      if (label.needsLook || label.source !== 'model') return null;
      const ctx = await q.replyContext(db, label.messageId);
      if (!ctx) return null;
      const now = clock.now();
      const zone =
        (ctx.phone ? (await deps.zonesOf(ctx.phone))[0] : undefined) ??
        (await q.teamZone(db, label.teamId)) ??
        'UTC';
      const timed = label.label === 'callback' || label.label === 'later';
      const plan = planReplyActions({
        label: label.label,
        needsLook: label.needsLook,
        source: label.source,
        settings: await settings(label.teamId),
        named: timed ? readNamedTime(body, now, zone) : null,
        now,
      });
      if (!plan.length) return null;
      const statuses = await q.teamStatuses(db, label.teamId);
      const applied = await db.transaction(async (tx) => {
        const undo: q.ReplyActionUndo = {};
        const done: DoneAction[] = [];
        let push: (() => Promise<void>) | null = null;
        let movedTo: string | null = null;
        for (const a of plan) {
          if (a.kind === 'wrongNumber') {
            if (!ctx.identifierId || ctx.identifierStatus === 'Wrong #') continue;
            undo.identifier = {
              id: ctx.identifierId,
              status: ctx.identifierStatus,
              primary: Boolean(ctx.identifierPrimary),
            };
            await setPhoneOrigin(tx, {
              source: 'reply-action',
              label: label.label,
              messageId: label.messageId,
              body,
            });
            await replyEffects.setIdentifierState(tx, ctx.identifierId, 'Wrong #', false);
            done.push({ kind: 'wrongNumber', phone: ctx.phone ?? '' });
          } else if (a.kind === 'status') {
            // A lead has a status only with a primary phone or e-mail (spec part 1 §4).
            if (!ctx.hasPrimary || ctx.statusId === a.statusId) continue;
            const text = statuses.find((s) => s.id === a.statusId)?.text;
            if (!text) continue;
            undo.status = { before: ctx.statusId, after: a.statusId };
            await replyEffects.setItemStatus(tx, ctx.itemId, a.statusId, now);
            movedTo = text;
            done.push({ kind: 'status', status: text });
          } else if (a.kind === 'stopFollowUps') {
            const closed = await replyEffects.closeOpenTasks(tx, ctx.itemId, now);
            undo.closedTaskIds = closed;
            done.push({ kind: 'stopFollowUps', closed: closed.length });
          } else if (a.kind === 'notify') {
            if (!ctx.assignedTo.length) continue;
            push = await deps.notifications.notify(tx, {
              teamId: label.teamId,
              senderId: null,
              recipients: ctx.assignedTo,
              body: `${ctx.phone ?? 'A contact'} is interested`,
              body2: body.slice(0, 170),
              targetId: ctx.itemId,
            });
            done.push({ kind: 'notify', members: ctx.assignedTo.length });
          } else {
            undo.taskId = await replyEffects.addTask(
              tx,
              {
                teamId: label.teamId,
                itemId: ctx.itemId,
                text: a.text,
                due: a.due,
                assignedTo: ctx.assignedTo,
              },
              now,
            );
            done.push(a);
          }
        }
        if (!done.length) return null;
        const system = await replyEffects.addSystemMessage(tx, {
          teamId: label.teamId,
          itemId: ctx.itemId,
          body: replyActionsMessage(label.label, done, formatDue(zone)),
          at: now,
        });
        const action = await q.insertAction(tx, {
          messageId: label.messageId,
          teamId: label.teamId,
          itemId: ctx.itemId,
          label: label.label,
          systemMessageId: system.id,
          undo,
          createdAt: now,
        });
        return { action, system, push, movedTo };
      });
      if (!applied) return null;
      const realtime = deps.realtime();
      await realtime.toRecord(label.teamId, ctx.itemId, 'messageAdded', {
        itemId: ctx.itemId,
        message: toMessageDto(applied.system, null),
      });
      await realtime.toRecord(label.teamId, ctx.itemId, 'itemChanged', {
        itemId: ctx.itemId,
        status: applied.movedTo ?? (await statusText(label.teamId, ctx.statusId)),
      });
      await applied.push?.();
      return applied.action;
    },

    /**
     * Puts back what a reply's actions changed, where nobody changed it since: the number's status and
     * primary mark, the record's status, the tasks closed (reopened) and added (removed). A notification
     * already sent stays. A system message says who undid it.
     */
    async undo(
      auth: AuthContext,
      messageId: string,
      itemId: string,
    ): Promise<Result<q.ReplyActionRow, RepliesErrorCode>> {
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const action = await q.markUndone(tx, messageId, auth.userId, now);
        if (!action) return null;
        const ctx = await q.replyContext(tx, messageId);
        const { undo } = action;
        if (
          undo.identifier &&
          ctx?.identifierId === undo.identifier.id &&
          ctx.identifierStatus === 'Wrong #'
        ) {
          await setPhoneOrigin(tx, {
            source: 'member',
            userId: auth.userId,
            userName: auth.user.name,
            label: 'Undo',
          });
          await replyEffects.setIdentifierState(
            tx,
            undo.identifier.id,
            undo.identifier.status,
            undo.identifier.primary,
          );
        }
        let status: string | null | undefined;
        if (undo.status && ctx?.statusId === undo.status.after) {
          await replyEffects.setItemStatus(tx, itemId, undo.status.before, now);
          status = undo.status.before;
        }
        if (undo.closedTaskIds?.length) await replyEffects.reopenTasks(tx, itemId, undo.closedTaskIds, now);
        if (undo.taskId) await replyEffects.deleteTask(tx, itemId, undo.taskId, now);
        const system = await replyEffects.addSystemMessage(tx, {
          teamId: auth.teamId,
          itemId,
          body: `${auth.user.name || auth.user.email} undid the automatic actions of this reply.`,
          at: now,
        });
        return { action, system, status: status === undefined ? (ctx?.statusId ?? null) : status };
      });
      if (!result) return fail('REPLY_ACTION_UNDONE');
      const realtime = deps.realtime();
      await realtime.toRecord(auth.teamId, itemId, 'messageAdded', {
        itemId,
        message: toMessageDto(result.system, null),
      });
      await realtime.toRecord(auth.teamId, itemId, 'itemChanged', {
        itemId,
        status: await statusText(auth.teamId, result.status),
      });
      return ok(result.action);
    },
  };
}

export type ReplyActions = ReturnType<typeof createReplyActions>;
