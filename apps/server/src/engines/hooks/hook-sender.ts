import { addressRefusal, hookUrlProblem, hostRefusal } from '@prospector/core';
import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { findTeamIntegrations } from '../../modules/teams/index.js';
import * as q from './hook-sender.queries.js';

export const HOOK_MAX_ATTEMPTS = 6;
const TIMEOUT_MS = 10_000;
const LEASE_MS = 60_000;
/** Deliveries one round claims. */
const BATCH = 20;

export type HookSenderOptions = {
  /** Lets hooks reach loopback and private networks (development and tests only). */
  allowPrivate: boolean;
  /** First retry after this, doubling: 30 s, 1 min, 2 min, 4 min, 8 min, then given up. */
  retryBaseMs: number;
  pollMs: number;
};

/** Resolves a host name to all its addresses, as `dns.lookup` with `all: true` does (tests inject one). */
export type Resolver = (
  hostname: string,
  options: LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;
const systemResolver: Resolver = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/** `sha256=` + HMAC-SHA256 of `<timestamp>.<body>` with the team's hook secret. */
export function hookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

class RefusedAddress extends Error {}

/**
 * Delivers hook events: rows of `hook_deliveries` claimed with SKIP LOCKED under a lease, POSTed as
 * JSON with a signature, retried with backoff. Only global unicast addresses are reached: an IP
 * literal is judged before any socket opens (Node does not look literals up), a name by every
 * address it resolves to, in the lookup the socket itself uses, so the answer cannot change
 * between check and use.
 */
export function createHookSender(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  options: HookSenderOptions;
  resolve?: Resolver;
}) {
  const { db, clock, options } = deps;
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

  function post(url: URL, body: string, headers: Record<string, string>): Promise<number> {
    // Node connects to whatever isIP() accepts without calling the lookup: judge exactly those here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const why = options.allowPrivate ? null : isIP(host) ? addressRefusal(host) : hostRefusal(url.hostname);
    if (why) return Promise.reject(new RefusedAddress(`refused: ${url.hostname} (${why})`));
    const lib = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = lib.request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          lookup: guardedLookup,
          timeout: TIMEOUT_MS,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  async function deliverOne(row: q.DueDelivery) {
    const team = await findTeamIntegrations(db, row.team_id);
    const body = JSON.stringify(row.payload);
    const timestamp = String(Math.floor(clock.now().getTime() / 1000));
    const attempts = row.attempts + 1;
    let error: string | null = null;
    let permanent = false;
    try {
      const status = await post(new URL(row.url), body, {
        'content-type': 'application/json',
        'user-agent': 'Prospector-Hooks/1',
        'x-prospector-event': row.kind,
        'x-prospector-delivery': row.id,
        'x-prospector-timestamp': timestamp,
        'x-prospector-signature': hookSignature(team?.hookSecret ?? '', timestamp, body),
      });
      if (status < 200 || status >= 300) error = `answered HTTP ${status}`;
    } catch (err) {
      error = (err as Error).message;
      permanent = err instanceof RefusedAddress;
    }
    const now = clock.now();
    if (!error) {
      await q.updateDelivery(db, row.id, { state: 'delivered', attempts, lastError: null });
      return;
    }
    const giveUp = permanent || attempts >= HOOK_MAX_ATTEMPTS;
    deps.log.warn(
      { deliveryId: row.id, kind: row.kind, attempts, error },
      giveUp ? 'hook given up' : 'hook will be retried',
    );
    await q.updateDelivery(db, row.id, {
      state: giveUp ? 'failed' : 'pending',
      attempts,
      lastError: error,
      nextAttemptAt: new Date(now.getTime() + options.retryBaseMs * 2 ** (attempts - 1)),
    });
  }

  async function runDue() {
    const now = clock.now();
    const due = await q.claimDueDeliveries(db, now, new Date(now.getTime() + LEASE_MS), BATCH);
    await Promise.all(due.map((row) => deliverOne(row)));
    return due.length;
  }

  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while ((await runDue()) > 0);
        } while (again);
      } catch (err) {
        deps.log.error({ err }, 'hook delivery round failed');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    /** What stops an admin saving this hook URL, or null (private addresses only where they are allowed). */
    urlProblem: (raw: string) => hookUrlProblem(raw, { allowPrivate: options.allowPrivate }),
    /** Queues an event for a team's hook URL (in the caller's transaction when given one). */
    async enqueue(
      tx: Db,
      e: { teamId: string; kind: q.HookKind; url: string; payload: Record<string, unknown> },
    ) {
      await q.insertDelivery(tx, { ...e, nextAttemptAt: clock.now(), createdAt: clock.now() });
    },
    kick: () => void kick(),
    /** Runs deliveries that are due now, and waits for them (tests). */
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
