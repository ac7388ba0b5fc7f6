import {
  appVersionOf,
  can,
  deviceValue,
  DEVICE_CODE_DIGITS,
  DEVICE_CODE_TTL_MS,
  inboundSms,
  isFreshWebhookTimestamp,
  jobStepOfAppState,
  mayHoldDevice,
  normalizeDeviceCode,
  SMS_GATEWAY_API_PATH,
  SMS_GATEWAY_WEBHOOK_EVENTS,
  smsGatewaySettings,
  WEBHOOK_REPLAY_WINDOW_S,
  WEBHOOK_STATE_EVENTS,
  type JobReport,
  type TeamPacing,
} from '@prospector/core';
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/client.js';
import type { AuthContext } from '../../../lib/auth-context.js';
import type { Clock } from '../../../lib/clock.js';
import { fail, ok, type Result } from '../../../lib/result.js';
import { seal, unseal } from '../../../lib/sealed.js';
import type { DevicesErrorCode } from '../devices.errors.js';
import * as dq from '../devices.queries.js';
import type { SmsService } from '../sms.service.js';
import type { SseHub } from './sms-gateway.events.js';
import * as q from './sms-gateway.queries.js';
import * as wire from './sms-gateway.wire.js';

type Code = DevicesErrorCode | 'UNAVAILABLE';
type R<T> = Promise<Result<T, Code>>;
type Device = dq.DeviceRow;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** The request bodies the app signs are small: more than this is not one of its webhooks. */
const SIGNED_BODY_MAX = 64 * 1024;

type Sealed = { signingKey: string };

/** What the app remembers of itself on our side (devices.remote_state). */
type AppState = {
  name?: string | null;
  simCards?: unknown;
  pushToken?: string | null;
  appVersion?: string | null;
};

/**
 * The SMS Gateway for Android app in private server mode (docs/device-protocol.md, "SMS Gateway app"):
 * a member's one-time code registers the app as one of the team's phones; the app's bearer token (kept
 * hashed) then lets it pull its texts, report their states, read its settings and webhooks and hold
 * its event stream; its signed webhooks bring received texts and states. Texts follow the same job
 * lifecycle as the agent's: handed out = accepted (the app journals them by our id), states applied by
 * `applyReports` (forward only, repeats ignored).
 */
export function createSmsGatewayService(deps: {
  db: Db;
  clock: Clock;
  secret: string;
  publicUrl: string;
  pacing: Omit<TeamPacing, 'perDay'>;
  maxInFlight: number;
  sms: () => SmsService;
  hub: SseHub;
  onChanged: (teamId: string) => void;
}) {
  const { db, clock } = deps;
  // Signatures taken within the replay window (per process): the same signed request twice is refused.
  const seenSignatures = new Map<string, number>();
  // A phone's received texts are stored one at a time, in the order they arrive; their follow-ups
  // (notifications, counters, hooks, a campaign's stop) after the answer, on a line of their own.
  const lines = new Map<string, Promise<unknown>>();
  const followUpLines = new Map<string, Promise<unknown>>();
  // The phones that post webhooks, with their unsealed keys, for a few seconds: a phone posting a
  // flood of states costs one read and one unsealing, not one each. Forgotten when it registers again
  // or is removed.
  const webhookDevices = new Map<string, { device: Device; key: string | null; at: number }>();
  // When each phone was last marked alive by this process.
  const touched = new Map<string, number>();
  const CACHE_MS = 5_000;

  // State webhooks waiting for the next batch: a burst from many phones is read and applied in one
  // go (two statements), not two statements each. Each waits for its batch and learns whether its
  // text was one of its phone's.
  type StateReport = {
    device: Device;
    report: Omit<JobReport, 'attempt'>;
    done: (known: boolean) => void;
    failed: (err: unknown) => void;
  };
  let stateBatch: StateReport[] = [];
  let applying: Promise<void> | null = null;

  function reportState(device: Device, report: Omit<JobReport, 'attempt'>): Promise<boolean> {
    return new Promise<boolean>((done, failed) => {
      stateBatch.push({ device, report, done, failed });
      applying ??= applyStates();
    });
  }

  async function applyStates() {
    // Lets the webhooks already read by this turn of the event loop join the first batch.
    await new Promise((r) => setImmediate(r));
    while (stateBatch.length > 0) {
      const batch = stateBatch;
      stateBatch = [];
      try {
        const ids = [...new Set(batch.map((b) => b.report.id).filter((id) => UUID.test(id)))];
        const jobs = await dq.jobsByIds(db, ids);
        const byId = new Map(jobs.map((j) => [j.id, j]));
        const known = batch.filter((b) => byId.get(b.report.id)?.deviceId === b.device.id);
        const perDevice = new Map<string, { device: Device; reports: JobReport[] }>();
        for (const b of known) {
          const entry = perDevice.get(b.device.id) ?? { device: b.device, reports: [] };
          entry.reports.push({ ...b.report, attempt: byId.get(b.report.id)!.attempt });
          perDevice.set(b.device.id, entry);
        }
        if (perDevice.size > 0) await deps.sms().applyReportsOfMany([...perDevice.values()], jobs);
        for (const b of batch) b.done(known.includes(b));
      } catch (err) {
        for (const b of batch) b.failed(err);
      }
    }
    applying = null;
  }

  function rememberSignature(signature: string, nowMs: number): boolean {
    if (seenSignatures.has(signature)) return false;
    seenSignatures.set(signature, nowMs);
    // Oldest first (insertion order): drop those past the window.
    for (const [sig, at] of seenSignatures) {
      if (nowMs - at <= WEBHOOK_REPLAY_WINDOW_S * 2000) break;
      seenSignatures.delete(sig);
    }
    return true;
  }

  function signingKey(device: Device): string | null {
    return device.sealedSecrets
      ? (unseal<Sealed>(deps.secret, device.sealedSecrets)?.signingKey ?? null)
      : null;
  }

  async function alive(device: Device) {
    const now = clock.now();
    // A request says the phone is there; one write per 5 s at most.
    const last = Math.max(
      touched.get(device.id) ?? 0,
      device.connected ? (device.pingedAt?.getTime() ?? 0) : 0,
    );
    if (now.getTime() - last <= 5_000) return;
    touched.set(device.id, now.getTime());
    await dq.updateDevice(db, device.id, { connected: true, pingedAt: now });
  }

  async function webhookDevice(deviceId: string) {
    const nowMs = clock.now().getTime();
    const cached = webhookDevices.get(deviceId);
    if (cached && nowMs - cached.at < CACHE_MS) return cached;
    const device = UUID.test(deviceId) ? await dq.findDevice(db, deviceId) : null;
    if (!device || device.transport !== 'sms_gateway' || !device.tokenHash) {
      webhookDevices.delete(deviceId);
      return null;
    }
    const entry = { device, key: signingKey(device), at: nowMs };
    webhookDevices.set(deviceId, entry);
    return entry;
  }

  /** Reports for applyReports from one of the app's message states (its `states` map keeps each step's time). */
  function reportsOf(job: dq.JobRow, item: wire.MessagePatch, at: Date): JobReport[] {
    const steps: [wire.MessagePatch['state'], string | undefined][] = [
      ['Sent', item.states.Sent],
      ['Delivered', item.states.Delivered],
      ['Failed', item.states.Failed],
    ];
    if (!steps.some(([s, t]) => s === item.state && t)) steps.push([item.state, at.toISOString()]);
    const error = item.recipients.find((r) => r.error)?.error ?? undefined;
    return steps.flatMap(([state, time]) => {
      if (!time) return [];
      const step = jobStepOfAppState(state);
      if (step !== 'sent' && step !== 'delivered' && step !== 'failed') return [];
      return [
        {
          id: job.id,
          state: step,
          at: time,
          attempt: job.attempt,
          // The app keeps a failed text under our id and would not send it again: a failure is final.
          ...(step === 'failed'
            ? { error: (error ?? 'The phone could not send this text.').slice(0, 500), retryable: false }
            : {}),
        },
      ];
    });
  }

  return {
    /** A one-time code for the phone with this number: its device row is added (or signed in again). */
    async createCode(
      auth: AuthContext,
      raw: string,
    ): R<{ device: Device; code: string; expiresAt: Date; apiUrl: string }> {
      if (!can(auth.user, 'phones')) return fail('PERMISSION_REQUIRED');
      if (!mayHoldDevice(auth.user)) return fail('DEVICE_NEEDS_ALL_DATA');
      const value = deviceValue('Android', raw);
      if (!value) return fail('DEVICE_INVALID');
      const now = clock.now();
      const existing = (await dq.listDevices(db, auth.teamId)).find(
        (d) => d.kind === 'android' && d.value === value,
      );
      if (existing && existing.transport !== 'sms_gateway') return fail('NOT_APP_DEVICE');
      const device =
        existing ??
        (await dq.insertDevice(db, {
          teamId: auth.teamId,
          kind: 'android',
          value,
          transport: 'sms_gateway',
          createdAt: now,
        }));
      if (!device) return fail('DEVICE_DUPLICATE');
      // Whoever takes the app's sign-in code holds the phone it registers (issue 36).
      await dq.addHolder(db, device.id, auth.userId);
      const code = String(randomInt(0, 10 ** DEVICE_CODE_DIGITS)).padStart(DEVICE_CODE_DIGITS, '0');
      const expiresAt = new Date(now.getTime() + DEVICE_CODE_TTL_MS);
      await q.insertCode(db, {
        teamId: auth.teamId,
        codeHash: sha256(code),
        createdBy: auth.userId,
        expiresAt,
        deviceId: device.id,
        createdAt: now,
      });
      if (!existing) deps.onChanged(auth.teamId);
      return ok({
        device,
        code,
        expiresAt,
        apiUrl: `${deps.publicUrl.replace(/\/+$/, '')}${SMS_GATEWAY_API_PATH}`,
      });
    },

    /** POST /device with `Authorization: Code <code>`: the code's phone gets a token; an earlier one stops working. */
    async register(
      authorization: string | undefined,
      body: unknown,
      userAgent: string | undefined,
    ): R<{ id: string; token: string; login: string }> {
      const [scheme, ...rest] = (authorization ?? '').trim().split(/\s+/);
      const code = scheme?.toLowerCase() === 'code' ? normalizeDeviceCode(rest.join('')) : null;
      if (!code) return fail('DEVICE_CODE_INVALID');
      const parsed = wire.registerRequest.safeParse(body);
      if (!parsed.success) return fail('APP_REQUEST_INVALID');
      const now = clock.now();
      const taken = await q.takeCode(db, sha256(code), now);
      const device = taken?.deviceId ? await dq.findDevice(db, taken.deviceId) : null;
      if (!taken || !device || device.teamId !== taken.teamId || device.transport !== 'sms_gateway')
        return fail('DEVICE_CODE_INVALID');
      const token = randomBytes(32).toString('base64url');
      const remote: AppState = {
        name: parsed.data.name ?? null,
        simCards: parsed.data.simCards ?? [],
        pushToken: parsed.data.pushToken ?? null,
        appVersion: appVersionOf(userAgent),
      };
      await dq.updateDevice(db, device.id, {
        tokenHash: sha256(token),
        sealedSecrets: seal(deps.secret, {
          signingKey: randomBytes(24).toString('base64url'),
        } satisfies Sealed),
        remoteState: remote,
        platform: 'android',
        agentVersion: remote.appVersion ?? null,
        connected: true,
        connectedAt: now,
        pingedAt: now,
      });
      // An earlier install of the app on this number is signed out: its stream ends, its key is forgotten.
      webhookDevices.delete(device.id);
      deps.hub.drop(device.id);
      deps.onChanged(device.teamId);
      return ok({ id: device.id, token, login: device.value });
    },

    /** The phone behind a bearer token; a removed phone's token finds nothing. */
    async authenticate(authorization: string | undefined): R<Device> {
      const [scheme, token] = (authorization ?? '').trim().split(/\s+/);
      if (scheme?.toLowerCase() !== 'bearer' || !token) return fail('APP_TOKEN_INVALID');
      const device = await q.findDeviceByTokenHash(db, sha256(token));
      if (!device || device.transport !== 'sms_gateway') return fail('APP_TOKEN_INVALID');
      await alive(device);
      return ok(device);
    },

    async patchDevice(device: Device, body: unknown): R<null> {
      const parsed = wire.devicePatchRequest.safeParse(body);
      if (!parsed.success || parsed.data.id !== device.id) return fail('APP_REQUEST_INVALID');
      const remote: AppState = {
        ...(device.remoteState as AppState),
        pushToken: parsed.data.pushToken ?? null,
      };
      if (parsed.data.simCards) remote.simCards = parsed.data.simCards;
      await dq.updateDevice(db, device.id, { remoteState: remote });
      return ok(null);
    },

    /**
     * GET /message: texts the phone has not confirmed (handed out again, the app dedupes them by id)
     * and new ones up to `maxInFlight`, claimed and accepted at once: the app journals every text it
     * is given, so a text given to it is never offered to another phone.
     */
    async pull(device: Device) {
      const now = clock.now();
      const claimed = await dq.claimJobs(db, device.id, deps.maxInFlight, now);
      if (claimed.length)
        await dq.acceptJobs(
          db,
          device.id,
          claimed.map((j) => j.id),
          now,
        );
      const jobs = await q.unheldAccepted(db, device.id);
      return jobs.map((j) => ({
        id: j.id,
        message: j.body,
        textMessage: { text: j.body },
        phoneNumbers: [j.to],
        simNumber: null,
        withDeliveryReport: true,
        isEncrypted: false,
        priority: 0,
        state: 'Pending',
        createdAt: new Date(j.createdAt).toISOString(),
      }));
    },

    /**
     * PATCH /message: each state moves its text forward (applyReports). A text that is not one this
     * phone was given (another phone's, another team's, or no text of ours) changes nothing and is
     * refused, after the others of the request are applied.
     */
    async patchStates(device: Device, body: unknown): R<null> {
      const parsed = wire.messagePatchRequest.safeParse(body);
      if (!parsed.success) return fail('APP_REQUEST_INVALID');
      const ids = parsed.data.map((m) => m.id).filter((id) => UUID.test(id));
      const jobs = new Map((await dq.jobsOf(db, device.id, ids)).map((j) => [j.id, j]));
      const now = clock.now();
      const held: string[] = [];
      const reports: JobReport[] = [];
      let unknown = false;
      for (const item of parsed.data) {
        const job = jobs.get(item.id);
        if (!job) {
          unknown = true;
          continue;
        }
        held.push(job.id);
        reports.push(...reportsOf(job, item, now));
      }
      // Held only matters while a text is still 'accepted' (no report moves it yet).
      await q.markHeld(
        db,
        device.id,
        held.filter((id) => jobs.get(id)?.state === 'accepted' && !jobs.get(id)?.externalId),
      );
      if (reports.length) await deps.sms().applyReports(device, reports);
      return unknown ? fail('APP_MESSAGE_UNKNOWN') : ok(null);
    },

    /** GET /webhooks: where the phone posts what it receives and its texts' states. */
    webhooks(device: Device) {
      const url = `${deps.publicUrl.replace(/\/+$/, '')}${SMS_GATEWAY_API_PATH}/webhooks/${device.id}`;
      return SMS_GATEWAY_WEBHOOK_EVENTS.map((event) => ({
        id: `prospector-${event.replace(':', '-')}`,
        deviceId: device.id,
        url,
        event,
      }));
    },

    /** GET /settings (smsGatewaySettings): SSE only, the signing key, the team's pace. */
    async settings(device: Device) {
      const perDay = await q.teamPpgl(db, device.teamId);
      return smsGatewaySettings({
        pacing: { ...deps.pacing, perDay },
        signingKey: signingKey(device) ?? '',
        appVersion: (device.remoteState as AppState).appVersion ?? null,
      });
    },

    /**
     * A webhook from the phone (POST <url of GET /webhooks>), checked as the app signs it
     * (PayloadSingingPlugin.kt): X-Signature = hex HMAC-SHA256 of the body followed by X-Timestamp
     * (Unix seconds), with the key the settings gave. Refused unless the phone is registered, the
     * timestamp fresh, the signature right and not seen before, and the body names this phone.
     */
    async webhook(
      deviceId: string,
      raw: string,
      headers: { signature?: string | undefined; timestamp?: string | undefined },
    ): R<null> {
      const known = await webhookDevice(deviceId);
      if (!known) return fail('APP_TOKEN_INVALID');
      const { device, key } = known;
      const now = clock.now();
      if (!isFreshWebhookTimestamp(headers.timestamp, now)) return fail('WEBHOOK_TIMESTAMP_STALE');
      const given = Buffer.from(headers.signature ?? '', 'hex');
      const expected = key
        ? createHmac('sha256', key)
            .update(raw + headers.timestamp)
            .digest()
        : null;
      if (
        !expected ||
        raw.length > SIGNED_BODY_MAX ||
        given.length !== expected.length ||
        !timingSafeEqual(given, expected)
      )
        return fail('WEBHOOK_SIGNATURE_INVALID');
      if (!rememberSignature(expected.toString('hex'), now.getTime())) return fail('WEBHOOK_REPLAYED');
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return fail('APP_REQUEST_INVALID');
      }
      const envelope = wire.webhookEnvelope.safeParse(json);
      if (!envelope.success || envelope.data.deviceId !== device.id) return fail('APP_REQUEST_INVALID');
      await alive(device);
      const { event, payload } = envelope.data;
      if (event === 'sms:received') return received(device, payload);
      const state = WEBHOOK_STATE_EVENTS[event as keyof typeof WEBHOOK_STATE_EVENTS];
      if (!state) return fail('APP_REQUEST_INVALID');
      const p = wire.smsStatePayload.safeParse(payload);
      if (!p.success) return fail('APP_REQUEST_INVALID');
      const at = p.data.sentAt ?? p.data.deliveredAt ?? p.data.failedAt ?? now.toISOString();
      // No need to mark it held: a state moves it out of 'accepted', where only unheld texts are offered again.
      const ours = await reportState(device, {
        id: p.data.messageId,
        state,
        at,
        ...(state === 'failed'
          ? { error: p.data.reason ?? 'The phone could not send this text.', retryable: false }
          : {}),
      });
      return ours ? ok(null) : fail('APP_MESSAGE_UNKNOWN');
    },

    /** A removed phone: its cached key is dropped at once. */
    forget(deviceId: string) {
      webhookDevices.delete(deviceId);
      touched.delete(deviceId);
    },

    /** Waits for the follow-ups of the texts received so far (the app stops after them). */
    async settle() {
      await Promise.all([...lines.values(), ...followUpLines.values()]);
    },

    hub: deps.hub,
  };

  /**
   * A text the phone received: stored through the same path as the agent's (opt-outs, wrong numbers,
   * the thread, the Messenger); the app's message id and time make it a repeat the second time.
   */
  async function received(device: Device, payload: unknown): R<null> {
    const p = wire.smsReceivedPayload.safeParse(payload);
    const from = p.success ? (p.data.sender ?? p.data.phoneNumber) : null;
    if (!p.success || !from) return fail('APP_REQUEST_INVALID');
    // The app's id is a 32-bit hash of the message: with its time it cannot name two texts.
    const text = inboundSms.safeParse({
      id: `${p.data.messageId}@${p.data.receivedAt}`,
      from,
      body: p.data.message,
      at: p.data.receivedAt,
    });
    if (!text.success) return fail('APP_REQUEST_INVALID');
    const line = (lines.get(device.id) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => deps.sms().receiveInbound(device, [text.data]));
    lines.set(
      device.id,
      line.catch(() => undefined),
    );
    const result = await line;
    if (result.deferred.length) return fail('UNAVAILABLE');
    if (result.refused.length) return fail('APP_REQUEST_INVALID');
    followUpLines.set(
      device.id,
      (followUpLines.get(device.id) ?? Promise.resolve()).then(result.followUps).catch(() => undefined),
    );
    return ok(null);
  }
}

export type SmsGatewayService = ReturnType<typeof createSmsGatewayService>;
