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

/**
 * PGlite is one connection: a statement (or a whole transaction) and the setting it needs run under
 * one lock, so no other scope's statement slips between them. PGlite already lets nothing run beside
 * an open transaction, so the lock waits no longer than it would.
 */
export function scopePglite(client: PGlite): {
  scoped: PGlite;
  asOwner<T>(fn: () => Promise<T>): Promise<T>;
} {
  let acting = FRESH;
  let queue: Promise<unknown> = Promise.resolve();
  const locked = <T>(want: Acting, fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(async () => {
      const key = want.join('|');
      if (acting !== key) {
        acting = '';
        await client.query(ACT_AS, want);
        acting = key;
      }
      return fn();
    });
    queue = run.catch(() => {});
    return run;
  };
  const scoped = new Proxy(client, {
    get(target, prop) {
      if (prop === 'query')
        return (...args: Parameters<PGlite['query']>) => locked(wantedNow(), () => target.query(...args));
      if (prop === 'transaction')
        return (...args: Parameters<PGlite['transaction']>) =>
          locked(wantedNow(), () => target.transaction(...args));
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  /** Migrations run as the connecting user, who owns the tables. */
  const asOwner = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(async () => {
      acting = '';
      await client.exec('reset role; reset app.team_id');
      return fn();
    });
    queue = run.catch(() => {});
    return run;
  };
  return { scoped, asOwner };
}
