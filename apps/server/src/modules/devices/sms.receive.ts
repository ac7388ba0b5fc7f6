import { formatPhone, isValidEmail, normalizePhone, type InboundSms } from '@prospector/core';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Realtime } from '../../plugins/realtime.js';
import type { NotificationsService } from '../notifications/index.js';
import { toMessageDto, type RecordsService } from '../records/index.js';
import { findTeamCountry } from '../teams/index.js';
import * as q from './devices.queries.js';
import { isPassingFault, sqlState } from './inbound.js';
import { takeInbound, type TakenText } from './inbound.queries.js';

/** What became of an inbound batch's texts; those named nowhere are stored (or were already). */
export type ReceivedInbound = {
  /** Refused for good by the database, with its SQLSTATE. */
  refused: { id: string; code: string }[];
  /** Not stored because of a fault that may pass: the device sends them again. */
  deferred: string[];
  /** The driver's error behind `deferred` (never Drizzle's, whose text holds the SQL and the texts). */
  fault: unknown;
  /** Notifications, the received counter, the inbound hook and the reply listeners, in order. */
  followUps: () => Promise<void>;
};

/** A phone or Apple ID as stored on identifiers: E.164, or a lower-cased e-mail. */
export function recipientValue(raw: string): string | null {
  const value = raw.trim();
  if (value.includes('@')) return isValidEmail(value) ? value.toLowerCase() : null;
  return normalizePhone(value);
}

/** A text that came in, for the team's inbound hook. */
export type InboundText = {
  body: string;
  from: string;
  at: Date;
  /** The stored text and its record, and whether it asked not to be texted again (webhook events). */
  messageId?: string;
  itemId?: string;
  optOut?: boolean;
  /** The number was new: the text made its contact. */
  created?: boolean;
};

/** A text came in for a record; `optOut` when it asked not to be texted again; `reply` the stored text. */
export type ReplyListener = (
  teamId: string,
  itemId: string,
  optOut: boolean,
  reply: { messageId: string; body: string },
) => Promise<void>;

/**
 * Texts a device received: each matched to its record (or a new contact), opt-outs honoured, sent to
 * the browsers at once; then the follow-ups (notifications, counters, hooks, reply listeners).
 */
export function createSmsReceiver(deps: {
  db: Db;
  /** Replies use this (a pool of their own on PostgreSQL) up to the browsers, ahead of bulk reports. */
  urgentDb: Db;
  clock: Clock;
  records: Pick<RecordsService, 'notContactedStatusId'>;
  notifications: Pick<NotificationsService, 'notify'>;
  realtime: Realtime;
  inboundHook: (teamId: string, text: InboundText) => Promise<void>;
  replyListeners: readonly ReplyListener[];
}) {
  const { db, clock, realtime } = deps;

  /**
   * The urgent half of `applyInbound`: each text recorded (one statement for a known number) and sent
   * to the browsers. Answers the other half (notifications, the device's counter, the inbound hook,
   * the reply listeners: campaigns stop), which the gateway runs on a line of its own: a reply must not
   * wait for the previous one's follow-ups on the busy main pool.
   *
   * Each text stands alone: one the database refuses is `rejected` with the reason and the others are
   * still stored; on a fault that may pass (the connection, a deadlock) that text and the rest are
   * `deferred` for the device to send again. No query is added per text.
   */
  async function receiveInbound(device: q.DeviceRow, texts: InboundSms[]): Promise<ReceivedInbound> {
    const now = clock.now();
    const notContacted = (tx: Db) => deps.records.notContactedStatusId(tx, device.teamId);
    const homeCountry = () => findTeamCountry(deps.urgentDb, device.teamId);
    const received: { text: InboundSms; taken: TakenText }[] = [];
    const refused: { id: string; code: string }[] = [];
    const deferred: string[] = [];
    let fault: unknown = null;
    for (const [index, text] of texts.entries()) {
      // PGlite answers in this thread, so a batch would otherwise run start to end without letting a
      // request or a socket in: other work gets a turn between texts (no statement added).
      if (index > 0) await yieldToEventLoop();
      const from = recipientValue(text.from) ?? text.from.trim();
      let taken: TakenText | null;
      try {
        taken = await takeInbound(deps.urgentDb, device, text, from, now, notContacted, homeCountry);
      } catch (err) {
        const code = sqlState(err);
        if (code !== null && !isPassingFault(code)) {
          refused.push({ id: text.id, code });
          continue;
        }
        // Another device took the same new number at the same moment: the next try finds it.
        if (code === '23505') {
          deferred.push(text.id);
          continue;
        }
        // The database may be out of reach: the rest would fail alike; the device sends them again.
        deferred.push(...texts.slice(index).map((t) => t.id));
        // The driver's error, not Drizzle's: that one carries the SQL with the texts in it.
        fault = (err as { cause?: unknown }).cause ?? err;
        break;
      }
      if (!taken) continue; // reported before
      const audience = (await realtime.recordAudience(device.teamId, [taken.itemId]))(taken.itemId);
      for (const m of [taken.message, taken.system])
        if (m)
          realtime.toRooms(audience, 'messageAdded', { itemId: m.itemId, message: toMessageDto(m, null) });
      realtime.toRooms(audience, 'itemChanged', { itemId: taken.itemId, status: null });
      realtime.toRooms(audience, 'inboxChanged', { itemId: taken.itemId });
      received.push({ text, taken });
    }
    const followUps = async () => {
      const home = received.length ? await findTeamCountry(db, device.teamId) : 'US';
      for (const { text, taken } of received) {
        const push = await db.transaction((tx) =>
          deps.notifications.notify(tx, {
            teamId: device.teamId,
            senderId: null,
            recipients: taken.assignedTo,
            body: `New text from ${formatPhone(taken.from, home)}`,
            body2: text.body.slice(0, 170),
            targetId: taken.itemId,
          }),
        );
        await q.countOnDevice(db, device.id, now, 'received');
        await deps.inboundHook(device.teamId, {
          body: text.body,
          from: taken.from,
          at: new Date(text.at),
          messageId: taken.message.id,
          itemId: taken.itemId,
          optOut: taken.optOut,
          created: taken.created === true,
        });
        await push();
        const reply = { messageId: taken.message.id, body: text.body };
        for (const listener of deps.replyListeners)
          await listener(device.teamId, taken.itemId, taken.optOut, reply);
      }
    };
    return { refused, deferred, fault, followUps };
  }

  return {
    receiveInbound,

    /** Texts a device received: matched to their record (or a new contact), opt-outs honoured. */
    async applyInbound(device: q.DeviceRow, texts: InboundSms[]) {
      const received = await receiveInbound(device, texts);
      await received.followUps();
      return received;
    },
  };
}
