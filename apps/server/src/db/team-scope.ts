import { AsyncResource } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { currentTeam } from '../lib/team-scope.js';

/** The roles of migration 0029; neither owns a table, so row-level security applies to both. */
export const APP_ROLE = 'prospector_app';
export const ALL_TEAMS_ROLE = 'prospector_all_teams';

/**
 * One round trip that makes a connection act as the role and team its caller's scope asks for.
 * Session-level (not `set local`), so it also covers single statements outside a transaction; the
 * connection remembers it and the next caller of another scope changes it before its own statement.
 */
const ACT_AS = `select set_config('role', $1, false), set_config('app.team_id', $2, false)`;

type Acting = [role: string, team: string];

/** Work outside any request (engines, scripts, maintenance such as ANALYZE) runs as the owner. */
const OWNER = 'none';

/** A new connection acts as the connecting user, with no team set. */
const FRESH = `${OWNER}|`;

function wantedNow(): Acting {
  const team = currentTeam();
  if (team === undefined) return [OWNER, ''];
  return team ? [APP_ROLE, team] : [ALL_TEAMS_ROLE, ''];
}

type Connect = (cb?: (err?: Error, client?: pg.PoolClient, done?: (err?: Error) => void) => void) => unknown;

/**
 * Every client the pool hands out (to `pool.query`, which pg-pool routes through `connect`, and to
 * drizzle's transactions) acts as its caller's scope, read when the caller asked, before it is used.
 */
export function scopePool(pool: pg.Pool): pg.Pool {
  const acting = new WeakMap<pg.PoolClient, string>();
  const connect = pool.connect.bind(pool) as unknown as () => Promise<pg.PoolClient>;
  const scoped = async (want: Acting) => {
    const client = await connect();
    const key = want.join('|');
    if ((acting.get(client) ?? FRESH) === key) return client;
    try {
      await client.query(ACT_AS, want);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    acting.set(client, key);
    return client;
  };
  const scopedConnect: Connect = (cb) => {
    const result = scoped(wantedNow());
    if (!cb) return result;
    result.then(
      (client) => cb(undefined, client, (err) => client.release(err)),
      (err: Error) => cb(err),
    );
    return undefined;
  };
  (pool as unknown as { connect: Connect }).connect = scopedConnect;
  return pool;
}

/** Which turn a statement or transaction waits for on PGlite's one connection (ADR 061). */
export type Lane = 'foreground' | 'background';

/**
 * Foreground statements a waiting background one lets go first before it takes the next turn
 * anyway, so a busy API slows background work (the webhook drain) but never stops it.
 */
export const FOREGROUND_BEFORE_BACKGROUND = 8;

/** The PGlite (or its thread) behind a lane's proxy: both lanes share its prepared statements. */
export const UNDERLYING = Symbol('the embedded database behind a lane');

/**
 * PGlite is one connection: a statement (or a whole transaction) and the setting it needs run under
 * one lock, so no other scope's statement slips between them. PGlite already lets nothing run beside
 * an open transaction, so the lock waits no longer than it would.
 *
 * The lock has two queues (ADR 061). `scoped` takes its turn in the foreground one (requests and
 * everything else); `background` (the webhook drain) waits while foreground work is queued, so a
 * request waits for at most the one background statement or transaction already running, not for
 * every one queued before it. A turn is taken only at the start of a statement or a transaction:
 * the statements inside a transaction run on it directly, never through the lock. Within a queue,
 * first come first served; a background turn comes at the latest after FOREGROUND_BEFORE_BACKGROUND
 * foreground ones have passed it.
 */
export function scopePglite(client: PGlite): {
  scoped: PGlite;
  background: PGlite;
  asOwner<T>(fn: () => Promise<T>): Promise<T>;
} {
  let acting = FRESH;
  const waiting: Record<Lane, (() => Promise<void>)[]> = { foreground: [], background: [] };
  let busy = false;
  /** Foreground turns taken since a background one has been waiting. */
  let passed = 0;
  const next = () => {
    if (busy) return;
    const { foreground, background } = waiting;
    const backgroundTurn =
      background.length > 0 && (foreground.length === 0 || passed >= FOREGROUND_BEFORE_BACKGROUND);
    const turn = backgroundTurn ? background.shift() : foreground.shift();
    if (!turn) return;
    passed = backgroundTurn || background.length === 0 ? 0 : passed + 1;
    busy = true;
    void turn().finally(() => {
      busy = false;
      next();
    });
  };
  const enqueue = <T>(lane: Lane, fn: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      // Runs in its caller's async context (its request's scope, heard by listeners the statement
      // wakes), not in that of the turn before it, which starts it.
      waiting[lane].push(
        AsyncResource.bind(async () => {
          try {
            resolve(await fn());
          } catch (err) {
            reject(err);
          }
        }),
      );
      next();
    });
  const locked = <T>(lane: Lane, want: Acting, fn: () => Promise<T>): Promise<T> =>
    enqueue(lane, async () => {
      const key = want.join('|');
      if (acting !== key) {
        acting = '';
        await client.query(ACT_AS, want);
        acting = key;
      }
      return fn();
    });
  const onLane = (lane: Lane) =>
    new Proxy(client, {
      get(target, prop) {
        if (prop === UNDERLYING) return target;
        if (prop === 'query')
          return (...args: Parameters<PGlite['query']>) =>
            locked(lane, wantedNow(), () => target.query(...args));
        if (prop === 'transaction')
          return (...args: Parameters<PGlite['transaction']>) =>
            locked(lane, wantedNow(), () => target.transaction(...args));
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  /** Migrations run as the connecting user, who owns the tables. */
  const asOwner = <T>(fn: () => Promise<T>): Promise<T> =>
    enqueue('foreground', async () => {
      acting = '';
      await client.exec('reset role; reset app.team_id');
      return fn();
    });
  return { scoped: onLane('foreground'), background: onLane('background'), asOwner };
}
