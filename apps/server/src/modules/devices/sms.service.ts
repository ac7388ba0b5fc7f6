import { can, isDeviceConnected, localDay, type MessageDto } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { Realtime } from '../../plugins/realtime.js';
import type { PlansService } from '../billing/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { isTeamSuspended } from '../teams/index.js';
import {
  toMessageDto,
  type IdentifiersService,
  type RecordsErrorCode,
  type RecordsService,
  type ThreadService,
} from '../records/index.js';
import type { DevicesErrorCode } from './devices.errors.js';
import * as q from './devices.queries.js';
import { createSmsReceiver, recipientValue, type InboundText, type ReplyListener } from './sms.receive.js';
import { createSmsReports, type OutboundText, type TextOutcome } from './sms.reports.js';
import { insertJob } from './sms.queries.js';

export type { ReceivedInbound } from './sms.receive.js';

type R<T> = Promise<Result<T, DevicesErrorCode | RecordsErrorCode | 'PLAN_SMS_LIMIT' | 'TEAM_SUSPENDED'>>;

type Recipient = NonNullable<Awaited<ReturnType<IdentifiersService['findRecipient']>>>;
type Sender = { id: string; name: string; email: string; avatar: string | null };

export type SmsService = ReturnType<typeof createSmsService>;

/**
 * Texts going out (sendSms), their reports coming back from devices (sms.reports.ts), and texts coming
 * in (sms.receive.ts): threads, statuses, opt-outs, notifications and the realtime events browsers follow.
 * Records are read and written through the records module's services.
 */
export function createSmsService(deps: {
  db: Db;
  /** Replies use this (a pool of their own on PostgreSQL) up to the browsers, ahead of bulk reports. */
  urgentDb?: Db;
  /** The device flood's own pool (delivery reports); the main pool when absent. */
  dispatchDb?: Db;
  clock: Clock;
  records: RecordsService;
  identifiers: IdentifiersService;
  thread: ThreadService;
  notifications: NotificationsService;
  realtime: Realtime;
  /** Tells the gateway a device has new work. */
  kick: (deviceId: string) => void;
  /** The plan's monthly texts, taken in the transaction that queues each one. */
  plans: Pick<PlansService, 'takeSms'>;
  /** First retry delay after a retryable failure (then doubled); tests shorten it. */
  retryBaseMs?: number;
  /** The team's inbound and outbound hooks. */
  hooks: {
    inbound(teamId: string, text: InboundText): Promise<void>;
    outbound(teamId: string, text: OutboundText): Promise<void>;
    outcome(teamId: string, outcome: TextOutcome): void;
  };
}) {
  const { db, clock, realtime } = deps;
  const replyListeners: ReplyListener[] = [];

  /** The agent device that sends for a device row (an iPhone's Mac), with the value texts go out from. */
  async function sender(device: q.DeviceRow) {
    if (device.kind !== 'iphone') return { agent: device, from: device.value };
    const mac = device.macId ? await q.findDevice(db, device.macId) : null;
    return mac ? { agent: mac, from: device.value } : null;
  }

  /** Sticky sender: the device this number talked to, unless it is gone or not connected; else the least busy. */
  async function pickDevice(teamId: string, named: string | null, sticky: string | null) {
    const all = await q.listDevices(db, teamId);
    const now = clock.now();
    const byValue = (v: string) =>
      all.find((d) => d.kind !== 'mac' && d.value.toLowerCase() === v.toLowerCase());
    const usable = async (d: q.DeviceRow | undefined) => {
      if (!d) return null;
      const s = await sender(d);
      return s && isDeviceConnected(s.agent, now) ? s : null;
    };
    if (named) {
      const d = byValue(named);
      if (!d) return null;
      const s = await sender(d);
      return s; // The one named is used even while it reconnects: the text waits in its queue.
    }
    const stuck = sticky ? await usable(byValue(sticky)) : null;
    if (stuck) return stuck;
    // Load: texts sent today (a counter from an earlier day counts as 0) plus those waiting on it.
    const today = localDay(now, await q.teamTimezone(db, teamId));
    const usableOnes: NonNullable<Awaited<ReturnType<typeof usable>>>[] = [];
    for (const d of all.filter((x) => x.kind !== 'mac')) {
      const s = await usable(d);
      if (s) usableOnes.push(s);
    }
    const pending = await q.pendingByDevice(db, [...new Set(usableOnes.map((s) => s.agent.id))]);
    const candidates = usableOnes.map((s) => ({
      s,
      load: (s.agent.counterDay === today ? s.agent.sentToday : 0) + (pending.get(s.agent.id) ?? 0),
    }));
    candidates.sort((a, b) => a.load - b.load);
    return candidates[0]?.s ?? null;
  }

  /** Queues the text for a device, on the record's thread, and tells the browsers and the device. */
  async function send(to: Recipient, body: string, from: string | null, by: Sender | null): R<MessageDto> {
    const { item, identifier } = to;
    if (identifier.status === 'DNC' || identifier.status === 'Wrong #') return fail('RECIPIENT_BLOCKED');
    // Suspended (ADR 033): refused here, by hand and through the public API alike, so no text waits
    // to go out the moment the suspension lifts and the member reads at once that nothing was sent.
    if (await isTeamSuspended(db, item.teamId)) return fail('TEAM_SUSPENDED');
    const picked = await pickDevice(item.teamId, from, identifier.sentFrom);
    if (!picked) return fail(from ? 'DEVICE_NOT_FOUND' : 'NO_DEVICE');
    const text = { item, identifier, body, from: picked.from, senderId: by?.id ?? null, at: clock.now() };
    const queued = await db.transaction(async (tx) => {
      const allowed = await deps.plans.takeSms(tx, item.teamId, text.at);
      if (!allowed.ok) return allowed;
      const row = await deps.thread.addOutgoing(tx, text);
      await insertJob(tx, {
        teamId: item.teamId,
        deviceId: picked.agent.id,
        fromValue: picked.from,
        itemId: item.id,
        messageId: row.id,
        to: identifier.value,
        body,
        nextAttemptAt: text.at,
        createdAt: text.at,
      });
      await deps.thread.noteOutgoing(tx, text);
      return ok(row);
    });
    if (!queued.ok) return queued;
    const message = queued.value;
    const dto = toMessageDto(message, by);
    const audience = (await realtime.recordAudience(item.teamId, [item.id]))(item.id);
    realtime.toRooms(audience, 'messageAdded', { itemId: item.id, message: dto });
    realtime.toRooms(audience, 'inboxChanged', { itemId: item.id });
    deps.kick(picked.agent.id);
    return ok(dto);
  }

  return {
    async sendSms(
      auth: AuthContext,
      input: { itemId: string; to: string; body: string; from?: string | null },
    ): R<MessageDto> {
      // 'Send SMS and/or emails' (spec part 2 §3): without it a member reads the thread, sends nothing.
      if (!can(auth.user, 'sms')) return fail('PERMISSION_REQUIRED');
      const found = await deps.records.access(auth, input.itemId);
      if (!found.ok) return found;
      const value = recipientValue(input.to);
      const identifier = value ? await deps.identifiers.findByValue(found.value.teamId, value) : null;
      if (!identifier || identifier.itemId !== found.value.id) return fail('NOT_AN_IDENTIFIER');
      return send({ item: found.value, identifier }, input.body, input.from ?? null, {
        id: auth.userId,
        name: auth.user.name,
        email: auth.user.email,
        avatar: auth.user.avatar,
      });
    },

    /** The public API: a text to an existing prospect number of the team, from the same devices. */
    async sendToProspect(teamId: string, to: string, body: string): R<MessageDto> {
      const value = recipientValue(to);
      const recipient = value ? await deps.identifiers.findRecipient(teamId, value) : null;
      if (!recipient) return fail('NOT_AN_IDENTIFIER');
      return send(recipient, body, null, null);
    },

    ...createSmsReports({
      db,
      dispatchDb: deps.dispatchDb ?? db,
      clock,
      thread: deps.thread,
      realtime,
      outboundHook: (teamId, text) => deps.hooks.outbound(teamId, text),
      outcomeHook: (teamId, outcome) => deps.hooks.outcome(teamId, outcome),
      kick: deps.kick,
      retryBaseMs: deps.retryBaseMs ?? 30_000,
    }),

    ...createSmsReceiver({
      db,
      urgentDb: deps.urgentDb ?? db,
      clock,
      records: deps.records,
      notifications: deps.notifications,
      realtime,
      inboundHook: (teamId, text) => deps.hooks.inbound(teamId, text),
      replyListeners,
    }),

    /** Runs `listener` after each text that comes in for a record (campaigns stop texting it). */
    onReply(listener: ReplyListener) {
      replyListeners.push(listener);
    },
  };
}
