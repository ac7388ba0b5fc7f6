import {
  isReplyLabel,
  REPLY_LABELS,
  replyTemperature,
  type ReplyLabel,
  type ReplyLabelDto,
  type Temperature,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { Peers, Realtime } from '../../plugins/realtime.js';
import type { RecordsErrorCode, RecordsService } from '../records/index.js';
import { seesAllData } from '../records/index.js';
import type { RepliesErrorCode } from './replies.errors.js';
import * as q from './replies.queries.js';
import type { ReplyModels } from './reply-models.js';
import type { ReplyActions } from './reply-actions.service.js';
import { actionsForItem, findAction, type ReplyActionRow } from './reply-actions.queries.js';

type R<T> = Promise<Result<T, RepliesErrorCode | RecordsErrorCode>>;

export function toReplyLabelDto(
  row: q.ReplyLabelRow,
  action: Pick<ReplyActionRow, 'systemMessageId' | 'undoneAt'> | null = null,
): ReplyLabelDto {
  return {
    messageId: row.messageId,
    itemId: row.itemId,
    label: row.label,
    confidence: row.confidence,
    needsLook: row.needsLook,
    source: row.source,
    action: action ? { systemMessageId: action.systemMessageId, undone: action.undoneAt !== null } : null,
  };
}

/** The signal to the other processes that a team's member corrected a label (the correction itself). */
export const REPLY_CORRECTED = 'replyCorrected';

/** A correction as another process signals it, or null when the payload is not one. */
export function correctionFromPeer(
  payload: unknown,
): { teamId: string; text: string; label: ReplyLabel } | null {
  const p = payload as { teamId?: unknown; text?: unknown; label?: unknown } | null;
  if (!p || typeof p.teamId !== 'string' || typeof p.text !== 'string' || !isReplyLabel(p.label)) return null;
  return { teamId: p.teamId, text: p.text, label: p.label };
}

/** A text that came in for a record, as the inbound path hands it over. */
export type ReceivedReply = { teamId: string; itemId: string; messageId: string; body: string };

/**
 * Reply labels (issue 31): each received text labelled by the team's model after the rules, a member's
 * correction stored and learned by the team's model, the Messenger's counts, the model's accuracy.
 */
export function createRepliesService(deps: {
  db: Db;
  clock: Clock;
  realtime: () => Realtime;
  /** Subscriptions hear `reply.labelled` (ADR 045). */
  events?: DomainEvents;
  models: ReplyModels;
  records: Pick<RecordsService, 'checkAccess'>;
  actions: ReplyActions;
  /** The app's other processes: each learns a correction made here into the team's model it holds. */
  peers: Pick<Peers, 'tell'>;
}) {
  const { db, clock, models } = deps;

  async function announce(row: q.ReplyLabelRow, action: ReplyActionRow | null = null) {
    const label = toReplyLabelDto(row, action);
    await deps.realtime().toRecord(row.teamId, row.itemId, 'replyLabelled', { itemId: row.itemId, label });
    deps.events?.publish(row.teamId, 'reply.labelled', {
      messageId: label.messageId,
      contactId: label.itemId,
      label: label.label,
      source: label.source,
      at: clock.now().toISOString(),
    });
  }

  return {
    /** Labels a received text (a text labelled before keeps its label); answers the label. */
    async labelReceived(reply: ReceivedReply): Promise<ReplyLabelDto | null> {
      const verdict = await models.classify(reply.teamId, reply.body);
      const row = await q.insertReplyLabel(db, {
        messageId: reply.messageId,
        teamId: reply.teamId,
        itemId: reply.itemId,
        label: verdict.label,
        confidence: verdict.confidence,
        needsLook: verdict.needsLook,
        source: verdict.by,
        modelLabel: verdict.label,
        createdAt: clock.now(),
      });
      if (!row) return null;
      // What the team has this label do (none when the model was unsure: the reply needs a look).
      const action = await deps.actions.apply(row, reply.body);
      await announce(row, action);
      return toReplyLabelDto(row, action);
    },

    async list(auth: AuthContext, itemId: string): R<ReplyLabelDto[]> {
      const access = await deps.records.checkAccess(auth, itemId);
      if (!access.ok) return access;
      const actions = new Map((await actionsForItem(db, itemId)).map((a) => [a.messageId, a]));
      return ok((await q.listForItem(db, itemId)).map((l) => toReplyLabelDto(l, actions.get(l.messageId))));
    },

    /** A member's one-click correction; the team's model learns it off the request path. */
    async correct(auth: AuthContext, messageId: string, label: ReplyLabel): R<ReplyLabelDto> {
      const found = await q.findWithBody(db, auth.teamId, messageId);
      if (!found) return fail('REPLY_NOT_FOUND');
      const access = await deps.records.checkAccess(auth, found.label.itemId);
      if (!access.ok) return access;
      const row = await q.setMemberLabel(db, messageId, label, auth.userId, clock.now());
      void models.learn(auth.teamId, { text: found.body, label });
      deps.peers.tell(REPLY_CORRECTED, { teamId: auth.teamId, text: found.body, label });
      const action = await findAction(db, auth.teamId, messageId);
      await announce(row, action);
      return ok(toReplyLabelDto(row, action));
    },

    /** The Undo of a reply's automatic actions (its system message in the thread). */
    async undo(auth: AuthContext, messageId: string): R<ReplyLabelDto> {
      const found = await findAction(db, auth.teamId, messageId);
      if (!found) return fail('REPLY_ACTION_NOT_FOUND');
      const access = await deps.records.checkAccess(auth, found.itemId);
      if (!access.ok) return access;
      if (found.undoneAt) return fail('REPLY_ACTION_UNDONE');
      const undone = await deps.actions.undo(auth, messageId, found.itemId);
      if (!undone.ok) return undone;
      const label = await q.findWithBody(db, auth.teamId, messageId);
      await announce(label!.label, undone.value);
      return ok(toReplyLabelDto(label!.label, undone.value));
    },

    async counts(auth: AuthContext) {
      const rows = await q.countLatestLabels(db, auth.teamId, seesAllData(auth) ? null : auth.userId);
      const counts = Object.fromEntries(REPLY_LABELS.map((l) => [l, 0])) as Record<ReplyLabel, number>;
      let needsLook = 0;
      for (const r of rows) {
        counts[r.label] = r.n;
        needsLook += r.look;
      }
      return { counts, needsLook };
    },

    /** The board cards' temperature from each record's latest labelled reply. */
    async temperatures(auth: AuthContext, itemIds: readonly string[]) {
      const temperatures: Record<string, Temperature> = {};
      if (!itemIds.length) return temperatures;
      const rows = await q.latestLabels(db, auth.teamId, itemIds, seesAllData(auth) ? null : auth.userId);
      for (const r of rows) {
        const t = replyTemperature(r.label);
        if (t) temperatures[r.itemId] = t;
      }
      return temperatures;
    },

    async accuracy(auth: AuthContext): R<Awaited<ReturnType<ReplyModels['accuracyOnRecent']>>> {
      if (auth.user.role !== 'admin') return fail('REPLY_ADMIN_ONLY');
      return ok(await models.accuracyOnRecent(auth.teamId));
    },
  };
}

export type RepliesService = ReturnType<typeof createRepliesService>;
