import {
  can,
  isDeviceConnected,
  isValidEmail,
  JOB_MAX_ATTEMPTS,
  jobRetryDelayMs,
  canMoveJob,
  localDay,
  normalizePhone,
  type InboundSms,
  type JobReport,
  type MessageDto,
} from '@prospector/core';
import { eq } from 'drizzle-orm';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Db } from '../../db/client.js';
import { items, smsJobs } from '../../db/schema/index.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { Realtime } from '../../plugins/realtime.js';
import type { NotificationsService } from '../notifications/index.js';
import { toMessageDto, type RecordsErrorCode, type RecordsService } from '../records/index.js';
import * as rq from '../records/records.queries.js';
import type { DevicesErrorCode } from './devices.errors.js';
import * as q from './devices.queries.js';
import { isPassingFault, sqlState, takeInbound, type TakenText } from './inbound.js';

type R<T> = Promise<Result<T, DevicesErrorCode | RecordsErrorCode>>;

const STRANDED_ERROR = 'The device went offline before confirming this text.';

/** What became of an inbound batch's texts; those named nowhere are stored (or were already). */
export type ReceivedInbound = {
  /** Refused for good by the database, with its SQLSTATE. */
  refused: { id: string; code: string }[];
  /** Not stored because of a fault that may pass: the device sends them again. */
  deferred: string[];
  /** The driver's error behind `deferred` (never Drizzle's, whose text holds the SQL and the texts). */
  fault: unknown;
  /** Notifications, the received counter, the inbound hook and the campaign's stop, in order. */
  followUps: () => Promise<void>;
};

/** A phone or Apple ID as stored on identifiers: E.164, or a lower-cased e-mail. */
export function recipientValue(raw: string): string | null {
  const value = raw.trim();
  if (value.includes('@')) return isValidEmail(value) ? value.toLowerCase() : null;
  return normalizePhone(value);
}

/**
 * Texts going out (sendSms), their reports coming back from devices, and texts coming in: threads,
 * statuses, opt-outs, notifications and the realtime events browsers follow.
 */
export function createSmsService(deps: {
  db: Db;
  /** Replies use this (a pool of their own on PostgreSQL) up to the browsers, ahead of bulk reports. */
  urgentDb?: Db;
  /** The device flood's own pool (delivery reports); the main pool when absent. */
  dispatchDb?: Db;
  clock: Clock;
  records: RecordsService;
  notifications: NotificationsService;
  realtime: () => Realtime;
  /** Tells the gateway a device has new work. */
  kick: (deviceId: string) => void;
  /** First retry delay after a retryable failure (then doubled); tests shorten it. */
  retryBaseMs?: number;
  /** Outbound and inbound hook events. */
  /** A text came in for a record: campaigns stop texting it (an opt-out says so). */
  onReply?: (teamId: string, itemId: string, optOut: boolean) => Promise<void>;
  hooks: () => {
    inbound(teamId: string, e: { body: string; from: string; at: Date }): Promise<void>;
    outbound(teamId: string, e: { body: string; from: string; to: string; at: Date }): Promise<void>;
  };
}) {
  const retryDelay = (attempt: number) => (jobRetryDelayMs(attempt) / 30_000) * (deps.retryBaseMs ?? 30_000);
  const { db, clock } = deps;
  const dispatchDb = deps.dispatchDb ?? db;

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

  function emitMessage(teamId: string, message: MessageDto) {
    return deps
      .realtime()
      .toRecord(teamId, message.itemId, 'messageAdded', { itemId: message.itemId, message });
  }

  async function setMessageStatus(
    teamId: string,
    itemId: string | null,
    messageId: string | null,
    status: string,
  ) {
    if (!messageId || !itemId) return;
    await rq.updateMessage(db, messageId, { status });
    await deps.realtime().toRecord(teamId, itemId, 'messageStatus', { itemId, messageId, status });
  }

  async function send(
    item: typeof items.$inferSelect,
    idt: NonNullable<Awaited<ReturnType<typeof rq.findIdentifierByValue>>>,
    body: string,
    from: string | null,
    sender: { id: string; name: string; email: string; avatar: string | null } | null,
  ): R<MessageDto> {
    if (idt.status === 'DNC' || idt.status === 'Wrong #') return fail('RECIPIENT_BLOCKED');
    const picked = await pickDevice(item.teamId, from, idt.sentFrom);
    if (!picked) return fail(from ? 'DEVICE_NOT_FOUND' : 'NO_DEVICE');
    const now = clock.now();
    const message = await db.transaction(async (tx) => {
      const row = await rq.insertMessage(tx, {
        teamId: item.teamId,
        itemId: item.id,
        body,
        direction: 'out',
        phone: idt.value,
        sentFrom: picked.from,
        senderId: sender?.id ?? null,
        status: 'queued',
        createdAt: now,
      });
      await tx.insert(smsJobs).values({
        teamId: item.teamId,
        deviceId: picked.agent.id,
        fromValue: picked.from,
        itemId: item.id,
        messageId: row.id,
        to: idt.value,
        body,
        nextAttemptAt: now,
        createdAt: now,
      });
      if (!idt.sentFrom) await rq.setIdentifierSentFrom(tx, idt.id, picked.from);
      await rq.updateItem(tx, item.id, {
        lastMessage: { body, createdAt: now.toISOString(), leadIdt: idt.value, direction: 'out' },
        lastContactedAt: now,
        lastActivityAt: now,
        updatedAt: now,
      });
      return row;
    });
    const dto = toMessageDto(message, sender);
    await emitMessage(item.teamId, dto);
    await deps.realtime().toRecord(item.teamId, item.id, 'inboxChanged', { itemId: item.id });
    deps.kick(picked.agent.id);
    return ok(dto);
  }

  /**
   * The urgent half of `applyInbound`: each text recorded (one statement for a known number) and sent
   * to the browsers. Answers the other half (notifications, the device's counter, the inbound hook,
   * the campaign's stop on reply), which the gateway runs on a line of its own: a reply must not wait
   * for the previous one's follow-ups on the busy main pool.
   *
   * Each text stands alone: one the database refuses is `rejected` with the reason and the others are
   * still stored; on a fault that may pass (the connection, a deadlock) that text and the rest are
   * `deferred` for the device to send again. No query is added per text.
   */
  async function receiveInbound(device: q.DeviceRow, texts: InboundSms[]): Promise<ReceivedInbound> {
    const now = clock.now();
    const udb = deps.urgentDb ?? db;
    const notContacted = async (tx: Db) =>
      (await rq.listStatuses(tx, device.teamId)).find((s) => s.builtIn && s.text === 'Not contacted')?.id ??
      null;
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
        taken = await takeInbound(udb, device, text, from, now, notContacted);
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
      const rt = deps.realtime();
      const audience = (await rt.recordAudience(device.teamId, [taken.itemId]))(taken.itemId);
      for (const m of [taken.message, taken.system])
        if (m) rt.toRooms(audience, 'messageAdded', { itemId: m.itemId, message: toMessageDto(m, null) });
      rt.toRooms(audience, 'itemChanged', { itemId: taken.itemId, status: null });
      rt.toRooms(audience, 'inboxChanged', { itemId: taken.itemId });
      received.push({ text, taken });
    }
    const followUps = async () => {
      for (const { text, taken } of received) {
        const push = await db.transaction((tx) =>
          deps.notifications.notify(tx, {
            teamId: device.teamId,
            senderId: null,
            recipients: taken.assignedTo,
            body: `New text from ${taken.from}`,
            body2: text.body.slice(0, 170),
            targetId: taken.itemId,
          }),
        );
        await q.countOnDevice(db, device.id, now, 'received');
        await deps
          .hooks()
          .inbound(device.teamId, { body: text.body, from: taken.from, at: new Date(text.at) });
        await push();
        await deps.onReply?.(device.teamId, taken.itemId, taken.optOut);
      }
    };
    return { refused, deferred, fault, followUps };
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
      const idt = value ? await rq.findIdentifierByValue(db, found.value.teamId, value) : null;
      if (!idt || idt.itemId !== found.value.id) return fail('NOT_AN_IDENTIFIER');
      return send(found.value, idt, input.body, input.from ?? null, {
        id: auth.userId,
        name: auth.user.name,
        email: auth.user.email,
        avatar: auth.user.avatar,
      });
    },

    /** The public API: a text to an existing prospect number of the team, from the same devices. */
    async sendToProspect(teamId: string, to: string, body: string): R<MessageDto> {
      const value = recipientValue(to);
      const idt = value ? await rq.findIdentifierByValue(db, teamId, value) : null;
      if (!idt) return fail('NOT_AN_IDENTIFIER');
      const [item] = await db.select().from(items).where(eq(items.id, idt.itemId));
      return send(item!, idt, body, null, null);
    },

    /** A device's reports: states only move forward; repeats and other devices' jobs are ignored. */
    async applyReports(device: q.DeviceRow, reports: JobReport[]) {
      const jobs = new Map(
        (
          await q.jobsOf(
            dispatchDb,
            device.id,
            reports.map((r) => r.id),
          )
        ).map((j) => [j.id, j]),
      );
      const now = clock.now();
      // Each job's reports of this batch fold into one move from the state read above; the UPDATE only
      // applies a move whose job is still in that state, so a batch applied twice changes nothing twice.
      const moves = new Map<string, q.JobMove & { counted: boolean; sentAt: Date | null }>();
      for (const report of reports) {
        const job = jobs.get(report.id);
        if (!job) continue;
        const current = moves.get(job.id);
        const state = current?.state ?? job.state;
        const attempt = current?.attempt ?? job.attempt;
        if (!canMoveJob(state, report.state, { job: attempt, report: report.attempt })) continue;
        const base = current ?? { id: job.id, from: job.state, counted: false, sentAt: null };
        if (report.state === 'failed' && report.retryable && attempt < JOB_MAX_ATTEMPTS) {
          moves.set(job.id, {
            ...base,
            state: 'queued',
            attempt: attempt + 1,
            nextAttemptAt: new Date(now.getTime() + retryDelay(attempt)),
            error: report.error ?? null,
            doneAt: null,
          });
          continue;
        }
        const sentNow = report.state === 'sent' || (report.state === 'delivered' && state !== 'sent');
        moves.set(job.id, {
          ...base,
          state: report.state,
          attempt,
          nextAttemptAt: null,
          error: report.error ?? null,
          doneAt: report.state === 'sent' ? null : now,
          counted: base.counted || sentNow,
          sentAt: sentNow ? new Date(report.at) : base.sentAt,
        });
      }
      if (moves.size === 0) return;
      const list = [...moves.values()];
      const rows = await q.applyMoves(dispatchDb, device.id, list, now);
      const moved = rows.map((r) => ({ ...r, move: moves.get(r.id)! }));
      const rt = deps.realtime();
      const audiences = new Map<string, (itemId: string) => string[]>();
      for (const teamId of new Set(moved.map((r) => r.team_id)))
        audiences.set(
          teamId,
          await rt.recordAudience(
            teamId,
            moved.flatMap((r) => (r.team_id === teamId && r.item_id ? [r.item_id] : [])),
          ),
        );
      for (const r of moved) {
        if (r.state !== 'queued' && r.message_id && r.item_id)
          rt.toRooms(audiences.get(r.team_id)!(r.item_id), 'messageStatus', {
            itemId: r.item_id,
            messageId: r.message_id,
            status: r.state,
          });
        if (r.move.counted)
          await deps
            .hooks()
            .outbound(r.team_id, { body: r.body, from: r.from_value, to: r.to, at: r.move.sentAt ?? now });
      }
      deps.kick(device.id);
    },

    /** Texts a device received: matched to their record (or a new contact), opt-outs honoured. */
    async applyInbound(device: q.DeviceRow, texts: InboundSms[]) {
      const received = await receiveInbound(device, texts);
      await received.followUps();
      return received;
    },

    receiveInbound,

    /** Fails accepted jobs of devices away longer than `awayMs`; their messages show 'failed'. */
    async failStranded(awayMs: number) {
      const now = clock.now();
      const failed = await q.failStranded(db, new Date(now.getTime() - awayMs), now, STRANDED_ERROR);
      for (const f of failed) await setMessageStatus(f.team_id, f.item_id, f.message_id, 'failed');
      return failed.length;
    },

    jobById: async (id: string) => (await db.select().from(smsJobs).where(eq(smsJobs.id, id)))[0] ?? null,
  };
}

export type SmsService = ReturnType<typeof createSmsService>;
