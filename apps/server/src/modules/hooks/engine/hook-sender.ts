import {
  addressRefusal,
  hookUrlProblem,
  hostRefusal,
  nextRetryDelayMs,
  shouldDisableEndpoint,
  signedContent,
  signingSecrets,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_RESPONSE_HEAD_BYTES,
  WEBHOOK_RETRY_SCHEDULE_MS,
  WEBHOOK_SECRET_PREFIX,
  webhookMessageId,
} from '@prospector/core';
import { createHmac, randomBytes } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { seal, unseal } from '../../../lib/sealed.js';
import * as q from './webhooks.queries.js';

const TIMEOUT_MS = 10_000;
/** A claimed delivery not settled by then (its process died) is taken again. */
const LEASE_MS = 60_000;
/** Independent claim-and-send loops of one process; `concurrency` is shared between them. */
const LANES = 4;

export type HookSenderOptions = {
  /** Lets hooks reach loopback and private networks (development and tests only). */
  allowPrivate: boolean;
  /** Waits before each attempt (Svix's by default); tests may pass shorter ones. */
  schedule?: readonly number[];
  /** How long every attempt must have failed before the endpoint is disabled. */
  disableAfterMs?: number;
  /** Deliveries one process sends at once. */
  concurrency: number;
  pollMs: number;
  /** Seals and unseals the endpoints' secrets (the app's secret). */
  appSecret: string;
};

/** Resolves a host name to all its addresses, as `dns.lookup` with `all: true` does (tests inject one). */
export type Resolver = (
  hostname: string,
  options: LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;
const systemResolver: Resolver = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/** A new endpoint secret: `whsec_` and the base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/**
 * The `webhook-signature` header (Standard Webhooks 1.0): `v1,` and the base64 HMAC-SHA256 of
 * `${id}.${timestamp}.${body}`, keyed with the base64-decoded part of each `whsec_` secret; several
 * secrets (during a rotation) give several signatures, space-separated.
 */
export function webhookSignature(secrets: readonly string[], id: string, timestamp: number, body: string) {
  const content = signedContent(id, timestamp, body);
  return secrets
    .map((s) => {
      const key = Buffer.from(
        s.startsWith(WEBHOOK_SECRET_PREFIX) ? s.slice(WEBHOOK_SECRET_PREFIX.length) : s,
        'base64',
      );
      return `v1,${createHmac('sha256', key).update(content).digest('base64')}`;
    })
    .join(' ');
}

class RefusedAddress extends Error {}

type Answer = { status: number; head: string };

/** Text the database can store: the answer's first bytes may hold U+0000 (a cut character is already U+FFFD). */
const storable = (s: string) => s.replaceAll(String.fromCharCode(0), '');

/**
 * Delivers webhooks (ADR 045): rows of `webhook_deliveries` claimed with SKIP LOCKED under a lease
 * (several processes share the queue), POSTed with Standard Webhooks headers, each attempt written
 * to the delivery log, retried on the schedule, the endpoint disabled after days of failures with
 * its team's admins told. Only global unicast addresses are reached: an IP literal is judged before
 * any socket opens (Node does not look literals up), a name by every address it resolves to, in the
 * lookup the socket itself uses, so the answer cannot change between check and use.
 */
export function createHookSender(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  options: HookSenderOptions;
  resolve?: Resolver;
  notifyAdmins?: (teamId: string, endpoint: { url: string; kind: string }) => Promise<void>;
}) {
  const { db, clock, options } = deps;
  const schedule = options.schedule ?? WEBHOOK_RETRY_SCHEDULE_MS;
  const disableAfterMs = options.disableAfterMs ?? WEBHOOK_DISABLE_AFTER_MS;
  const resolve = deps.resolve ?? systemResolver;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  const guardedLookup: LookupFunction = (hostname, opts, callback) => {
    resolve(hostname, { ...opts, all: true }, (err, list) => {
      if (err) return callback(err, '', 4);
      if (list.length === 0) return callback(new Error(`${hostname} has no address`), '', 4);
      if (!options.allowPrivate)
        for (const { address } of list) {
          const why = addressRefusal(address);
          if (why)
            return callback(
              new RefusedAddress(`refused: ${hostname} resolves to ${address} (${why})`),
              '',
              4,
            );
        }
      if (opts.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };

  function post(url: URL, body: string, headers: Record<string, string>): Promise<Answer> {
    // Node connects to whatever isIP() accepts without calling the lookup: judge exactly those here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const why = options.allowPrivate ? null : isIP(host) ? addressRefusal(host) : hostRefusal(url.hostname);
    if (why) return Promise.reject(new RefusedAddress(`refused: ${url.hostname} (${why})`));
    const lib = url.protocol === 'https:' ? https : http;
    return new Promise((done, reject) => {
      const req = lib.request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          lookup: guardedLookup,
          timeout: TIMEOUT_MS,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          res.on('data', (c: Buffer) => {
            if (kept >= WEBHOOK_RESPONSE_HEAD_BYTES) return;
            chunks.push(c.subarray(0, WEBHOOK_RESPONSE_HEAD_BYTES - kept));
            kept += Math.min(c.length, WEBHOOK_RESPONSE_HEAD_BYTES - kept);
          });
          res.on('end', () =>
            done({ status: res.statusCode ?? 0, head: storable(Buffer.concat(chunks).toString('utf8')) }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  function secretsOf(row: q.DueDelivery, now: Date): string[] {
    const open = (sealed: string | null) => (sealed ? unseal<string>(options.appSecret, sealed) : null);
    return signingSecrets(
      {
        secret: open(row.secretSealed) ?? '',
        previousSecret: open(row.previousSecretSealed),
        previousUntil: row.previousSecretUntil ? new Date(row.previousSecretUntil) : null,
      },
      now,
    ).filter((s) => s !== '');
  }

  async function deliverOne(row: q.DueDelivery) {
    if (row.deletedAt) return q.closeDelivery(db, row.id, 'the subscription was removed');
    if (row.disabledAt) return q.closeDelivery(db, row.id, 'the endpoint is disabled');
    const body = JSON.stringify(row.payload);
    const started = clock.now();
    const timestamp = Math.floor(started.getTime() / 1000);
    const id = webhookMessageId(row.id);
    const t0 = performance.now();
    let answer: Answer | null = null;
    let error: string | null = null;
    let permanent = false;
    try {
      const url = new URL(row.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('not an http(s) URL');
      answer = await post(url, body, {
        'content-type': 'application/json',
        'user-agent': 'Prospector-Webhooks/1',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignature(secretsOf(row, started), id, timestamp, body),
        'x-prospector-event': row.eventType,
      });
      if (answer.status < 200 || answer.status >= 300) error = `answered HTTP ${answer.status}`;
    } catch (err) {
      error =
        err instanceof TypeError && !(err instanceof RefusedAddress)
          ? `not a valid URL`
          : (err as Error).message;
      permanent = err instanceof RefusedAddress || err instanceof TypeError;
    }
    const durationMs = Math.round(performance.now() - t0);
    const attempts = row.attempts + 1;
    const now = clock.now();
    const wait = permanent ? null : nextRetryDelayMs(attempts, schedule);
    const state = !error ? 'delivered' : wait === null ? 'failed' : 'pending';
    if (error)
      deps.log.warn(
        { deliveryId: row.id, event: row.eventType, attempts, error },
        state === 'failed' ? 'webhook given up' : 'webhook will be retried',
      );
    const { failingSince } = await q.recordAttempt(db, {
      delivery: row,
      attempt: {
        attemptedAt: started,
        statusCode: answer?.status ?? null,
        durationMs,
        response: answer ? answer.head : (error ?? ''),
      },
      state,
      nextAttemptAt: new Date(now.getTime() + (wait ?? 0)),
      lastError: error,
    });
    if (
      shouldDisableEndpoint(failingSince, now, disableAfterMs) &&
      (await q.disableEndpoint(db, row.endpointId, now))
    ) {
      deps.log.warn({ endpointId: row.endpointId }, 'webhook endpoint disabled after failing for days');
      await deps.notifyAdmins?.(row.teamId, { url: row.url, kind: row.kind });
    }
  }

  /** One lane's round: claims its share of the due deliveries and sends them; answers how many. */
  async function runDue(batch: number) {
    const now = clock.now();
    const due = await q.claimDueDeliveries(db, now, new Date(now.getTime() + LEASE_MS), batch);
    await Promise.all(
      due.map((row) =>
        deliverOne(row).catch((err: unknown) =>
          deps.log.error(
            { err: (err as { cause?: unknown }).cause ?? err, deliveryId: row.id },
            'webhook attempt not recorded',
          ),
        ),
      ),
    );
    return due.length;
  }

  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        // Several lanes, each claiming its share: a slow receiver holds up one lane's batch, not all.
        const batch = Math.max(1, Math.ceil(options.concurrency / LANES));
        do {
          again = false;
          await Promise.all(
            Array.from({ length: LANES }, async () => {
              while ((await runDue(batch)) > 0);
            }),
          );
        } while (again);
      } catch (err) {
        deps.log.error({ err: (err as { cause?: unknown }).cause ?? err }, 'webhook delivery round failed');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    /** What stops an admin saving this URL, or null (private addresses only where they are allowed). */
    urlProblem: (raw: string) => hookUrlProblem(raw, { allowPrivate: options.allowPrivate }),
    seal: (secret: string) => seal(options.appSecret, secret),
    unseal: (sealed: string) => unseal<string>(options.appSecret, sealed),
    /** Queues events for endpoints (in the caller's transaction when given one); they are due now. */
    async enqueue(
      tx: Db,
      rows: { teamId: string; endpointId: string; eventType: string; payload: Record<string, unknown> }[],
    ) {
      const now = clock.now();
      await q.insertDeliveries(
        tx,
        rows.map((r) => ({ ...r, nextAttemptAt: now, createdAt: now })),
      );
    },
    kick: () => void kick(),
    /** Runs deliveries that are due now, and waits for them (tests, the bench). */
    flush: () => kick(),
    start() {
      timer = setInterval(() => void kick(), options.pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type HookSender = ReturnType<typeof createHookSender>;
