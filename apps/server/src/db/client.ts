import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { createPglite } from './pglite.js';
import { PgliteThread } from './pglite-thread.js';
import { scopePglite, scopePool, UNDERLYING } from './team-scope.js';

export { createPglite, PgliteThread };

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbDriver = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  /**
   * A small pool of its own for work a person waits on while the main pool is busy with bulk work
   * (a reply on its way to the browsers). PGlite has one connection: the same `db`.
   */
  urgent: Db;
  /**
   * A small pool for the device flood (offers, accepts, delivery reports). Kept below the database's
   * cores, so the flood queues here, in the process, where a reply on `urgent` passes it, rather than
   * inside the database, where it would share the CPU with every flood statement. PGlite: the same `db`.
   */
  dispatch: Db;
  /**
   * Work no one waits on (the webhook drain, ADR 061): on PostgreSQL a small pool of its own, so its
   * statements queue in the process rather than in front of the API's on the main pool; on PGlite
   * the same connection, where each of its statements and transactions waits while a foreground one
   * (`db`, `urgent`, `dispatch`) is queued.
   */
  background: Db;
  driver: DbDriver;
  /** The embedded database itself (PGlite only): backups dump it. */
  pglite?: PGlite;
  /** Signals the database's triggers raise (migration 0028: rows an AuthContext is read from changed). */
  changes: ChangeFeed;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Signals raised by triggers with `pg_notify(channel, payload)` and `RAISE NOTICE '<channel> <payload>'`.
 * `onLocal` hears what this process's own statements raised, once the statement or transaction that
 * raised them has ended and before the call that ran it returns, so the process never answers with
 * what it has just changed. `listen` hears every process's signals at their commit, on a connection
 * of its own that reconnects by itself; `onState` says whether it is listening (signals raised while
 * it is not are lost). PGlite is one process: `onLocal` hears everything and `listen` only reports
 * that nothing can be missed.
 */
export type ChangeFeed = {
  onLocal(channel: string, listener: (payload: string) => void): Promise<() => void>;
  listen(
    channel: string,
    listener: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): { close(): Promise<void> };
};

/** How often the listening connection proves it is alive; a silent one is replaced. */
const LISTEN_HEARTBEAT_MS = 2000;
const LISTEN_RETRY_MS = 500;

function postgresChangeFeed(url: string, pools: pg.Pool[]): ChangeFeed {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const raised = new WeakMap<pg.PoolClient, [string, string][]>();
  for (const pool of pools) {
    pool.on('connect', (client) =>
      client.on('notice', (notice) => {
        const m = /^(\w+) (.*)$/s.exec(notice.message ?? '');
        if (!m || !listeners.has(m[1]!)) return;
        const list = raised.get(client) ?? [];
        list.push([m[1]!, m[2]!]);
        raised.set(client, list);
      }),
    );
    // A pooled client goes back to the pool after its statement or transaction ended and before the
    // caller's await returns (pg-pool releases before it calls back; drizzle's transaction, in finally).
    pool.on('release', (_err, client) => {
      const list = raised.get(client);
      if (!list) return;
      raised.delete(client);
      for (const [channel, payload] of list) for (const l of listeners.get(channel) ?? []) l(payload);
    });
  }
  return {
    async onLocal(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    listen(channel, listener, onState) {
      let closed = false;
      let current: pg.Client | null = null;
      let retry: NodeJS.Timeout | undefined;
      let heartbeat: NodeJS.Timeout | undefined;
      const lost = (client: pg.Client) => {
        if (current !== client) return;
        current = null;
        clearInterval(heartbeat);
        onState(false);
        client.end().catch(() => {});
        if (!closed) retry = setTimeout(() => void connect(), LISTEN_RETRY_MS);
      };
      const connect = async () => {
        const client = new pg.Client({
          connectionString: url,
          keepAlive: true,
          application_name: `prospector-listen-${channel}`,
        });
        client.on('error', () => lost(client));
        client.on('end', () => lost(client));
        client.on('notification', (n) => {
          if (n.channel === channel) listener(n.payload ?? '');
        });
        current = client;
        try {
          await client.connect();
          await client.query(`listen ${channel}`);
        } catch {
          lost(client);
          return;
        }
        if (closed || current !== client) return void client.end().catch(() => {});
        onState(true);
        heartbeat = setInterval(() => {
          client.query('select 1').catch(() => lost(client));
        }, LISTEN_HEARTBEAT_MS);
        heartbeat.unref();
      };
      void connect();
      return {
        async close() {
          closed = true;
          clearTimeout(retry);
          clearInterval(heartbeat);
          const client = current;
          current = null;
          if (client) await client.end().catch(() => {});
        },
      };
    },
  };
}

/**
 * Under row-level security a query's own condition may use an index only if its functions are
 * LEAKPROOF (they cannot reveal a hidden row's value through an error); otherwise PostgreSQL applies
 * the team policy first and the condition row by row after it (ADR 028). The search's `LIKE` on the
 * trigram index and the inbox's `->>` join are not marked so, which cost items/get and search 10 to
 * 75 times their time. Neither raises an error from the row's value (LIKE only from its own pattern,
 * which is the caller's), so they are marked here, on every start, since built-in functions are
 * not in a dump. Only a superuser may mark a function; any other user is told to, once.
 */
const MARK_LEAKPROOF = `DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF;
    ALTER FUNCTION pg_catalog.jsonb_object_field_text(jsonb, text) LEAKPROOF;
  ELSIF NOT (SELECT proleakproof FROM pg_proc WHERE oid = 'pg_catalog.textlike(text, text)'::regprocedure) THEN
    RAISE WARNING 'Row-level security: search and the inbox run slower until a superuser runs: '
      'ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF; '
      'ALTER FUNCTION pg_catalog.jsonb_object_field_text(jsonb, text) LEAKPROOF; (docs/decisions/028)';
  END IF;
END
$$`;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function openPostgres(url: string, poolSize = 10, dispatchPoolSize = 2): Database {
  // Each client acts as its caller's team or as all teams, never as the owner (ADR 028).
  const pool = scopePool(new pg.Pool({ connectionString: url, max: poolSize }));
  const urgentPool = scopePool(new pg.Pool({ connectionString: url, max: 2 }));
  const dispatchPool = scopePool(new pg.Pool({ connectionString: url, max: dispatchPoolSize }));
  // The webhook drain's ~250 statements/s need few connections (ADR 061).
  const backgroundPool = scopePool(new pg.Pool({ connectionString: url, max: 2 }));
  const pools = [pool, urgentPool, dispatchPool, backgroundPool];
  // An idle client's network error must not crash the process; the next query reconnects.
  for (const p of pools) p.on('error', () => {});
  keepCheckedOutClientsAlive(pools);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    urgent: drizzlePg(urgentPool, { schema }) as unknown as Db,
    dispatch: drizzlePg(dispatchPool, { schema }) as unknown as Db,
    background: drizzlePg(backgroundPool, { schema }) as unknown as Db,
    driver: 'postgres',
    changes: postgresChangeFeed(url, pools),
    migrate: () => migratePostgres(url),
    close: async () => {
      await Promise.all(pools.map((p) => p.end()));
    },
  };
}

/** Held while a process migrates: processes started together migrate one after the other (ADR 029). */
const MIGRATION_LOCK = 7_305_118_022;

/**
 * Migrations run as the connecting user (the owner, ADR 028), on a connection of their own that holds
 * the migration lock meanwhile.
 */
async function migratePostgres(url: string) {
  const owner = new pg.Client({ connectionString: url });
  owner.on('error', () => {}); // a lost connection fails the migration's query instead
  await owner.connect();
  try {
    await owner.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(owner), { migrationsFolder: MIGRATIONS_DIR });
    await owner.query(MARK_LEAKPROOF);
  } finally {
    // Ending the session releases the lock.
    await owner.end().catch(() => {});
  }
}

/**
 * A client checked out of a pool has no 'error' listener of its own (pg-pool listens to idle ones
 * only): when the server ends its connection between two statements of a transaction (a restart,
 * pg_terminate_backend) the event would crash the process. Its pending or next query fails instead,
 * and the pool drops the broken client when it is released.
 */
function keepCheckedOutClientsAlive(pools: pg.Pool[]) {
  for (const pool of pools) pool.on('connect', (client) => client.on('error', () => {}));
}

/**
 * Wraps an open PGlite (a folder, memory, or a loaded dump), in this thread or in a worker thread of
 * its own (`PgliteThread`, which speaks the part of PGlite's interface used here).
 */
export function wrapPglite(client: PGlite | PgliteThread, onClose: () => void = () => {}): Database {
  const { scoped, background, asOwner } = scopePglite(client as PGlite);
  const db = drizzlePglite(scoped, { schema }) as unknown as Db;
  return {
    db,
    urgent: db,
    dispatch: db,
    background: drizzlePglite(background, { schema }) as unknown as Db,
    driver: 'pglite',
    ...(client instanceof PGlite ? { pglite: client } : {}),
    changes: {
      // PGlite delivers a notification before the statement that committed it returns.
      onLocal: async (channel, listener) => {
        const unlisten = await client.listen(channel, listener);
        return () => void unlisten().catch(() => {});
      },
      listen: (_channel, _listener, onState) => {
        onState(true);
        return { close: async () => {} };
      },
    },
    migrate: () =>
      asOwner(async () => {
        await migratePglite(drizzlePglite(client as PGlite), { migrationsFolder: MIGRATIONS_DIR });
        await client.exec(MARK_LEAKPROOF);
      }),
    close: async () => {
      await client.close();
      onClose();
    },
  };
}

/**
 * PGlite persisted in `dataDir/pg`. PGlite does not stop a second process from opening the same
 * folder (PITFALLS.md), so a lock file holding our pid guards it; a stale lock is taken over.
 */
export async function openPgliteDir(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = takeLock(path.join(dataDir, 'pglite.lock'));
  try {
    const client = await createPglite(path.join(dataDir, 'pg'));
    return wrapPglite(client, releaseLock);
  } catch (err) {
    releaseLock();
    throw err;
  }
}

/**
 * The server's embedded database: PGlite in `dataDir/pg`, run in a worker thread so that a campaign's
 * or an import's statements never hold the event loop that serves sockets, health checks and pages
 * (issue 35). Scripts that own the folder alone (backup, restore, moving to PostgreSQL) open it in
 * their own thread with `openPgliteDir`.
 */
export async function openPgliteThread(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = takeLock(path.join(dataDir, 'pglite.lock'));
  try {
    const client = await PgliteThread.open({ dataDir: path.join(dataDir, 'pg') });
    return wrapPglite(client, releaseLock);
  } catch (err) {
    releaseLock();
    throw err;
  }
}

function takeLock(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(file, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder))
        throw new Error(
          `The data folder ${path.dirname(file)} is in use by process ${holder}. Stop it first, or set DATA_DIR to another folder.`,
        );
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  dispatchPoolSize?: number;
}) {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize, opts.dispatchPoolSize)
    : openPgliteThread(opts.dataDir);
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Runs raw SQL and returns its rows; node-postgres and PGlite both answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Per embedded database: its prepared statements by name, each once its PREPARE has run. */
const preparedOn = new WeakMap<object, Map<string, Promise<void>>>();
const dialect = new PgDialect();

const literal = (value: unknown): string => {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = value instanceof Date ? value.toISOString() : String(value);
  if (text.includes('\u0000')) throw new Error('a prepared statement value holds U+0000');
  // standard_conforming_strings is on (PostgreSQL's default since 9.1): only the quote is special.
  return `'${text.replace(/'/g, "''")}'`;
};

/**
 * Like `queryRows`, but on PGlite the statement is planned once per process and its plan reused
 * (a generic plan of a named prepared statement): PGlite runs the planner in the server's own thread,
 * and a large read such as the board's column page spent about half its time being planned again on
 * every call (docs/scaling.md, issue 35). The values are passed to EXECUTE as quoted literals (EXECUTE
 * takes no bind parameters), typed by the statement's parameters. PostgreSQL: `queryRows`.
 */
export async function queryRowsPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const lane = (db as unknown as { $client?: { [UNDERLYING]?: unknown } }).$client;
  // Both lanes' proxies (ADR 061) share the one connection's prepared statements.
  const client = lane?.[UNDERLYING] ?? lane;
  if (!(client instanceof PGlite || client instanceof PgliteThread)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  let prepared = preparedOn.get(client);
  if (!prepared) preparedOn.set(client, (prepared = new Map()));
  let ready = prepared.get(name);
  if (!ready) {
    // Only statements prepared here are named on PGlite, so the plan mode touches no other query.
    ready = (async () => {
      await db.execute(sql.raw('set plan_cache_mode = force_generic_plan'));
      await db.execute(sql.raw(`prepare ${name} as ${text}`));
    })();
    prepared.set(name, ready);
    ready.catch(() => prepared.delete(name));
  }
  await ready;
  const args = params.length ? `(${params.map(literal).join(', ')})` : '';
  return queryRows<T>(db, sql.raw(`execute ${name}${args}`));
}
