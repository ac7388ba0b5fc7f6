import type { AuthContext } from '../../lib/auth-context.js';

/** The notification channel of migration 0028's triggers; payloads are `<table>:<id>`. */
export const SESSION_CACHE_CHANNEL = 'session_cache';

type Entry = {
  ctx: AuthContext;
  impersonatorId: string | null;
  /** Epoch ms: the earlier of the entry's time to live and the session's own expiry. */
  until: number;
};

export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * Hashed token → the AuthContext `authenticate()` built, per process, so a request proves its token
 * without a database round trip. An entry is dropped when its session, user, impersonator or team row
 * changes (`invalidate`, fed by the triggers' signals), and lives at most `ttlMs` in any case, which
 * bounds the harm of a signal that never came. Entries are served only while the cache is `live`,
 * that is while signals from every process can reach it; going down or coming back clears it.
 */
export function createSessionCache(opts: { ttlMs: number; maxEntries?: number }) {
  const maxEntries = opts.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  // Bumped by every change: a lookup that began before one may have read the old row, and is not kept.
  let generation = 0;
  let live = false;

  const drop = (match: (e: Entry) => boolean) => {
    for (const [key, e] of entries) if (match(e)) entries.delete(key);
  };

  return {
    get live() {
      return live;
    },
    get size() {
      return entries.size;
    },

    setLive(on: boolean) {
      live = on;
      generation++;
      entries.clear();
    },

    get(tokenHash: string, nowMs: number): AuthContext | null {
      if (!live) return null;
      const e = entries.get(tokenHash);
      if (!e) return null;
      if (e.until <= nowMs) {
        entries.delete(tokenHash);
        return null;
      }
      return e.ctx;
    },

    /** Taken before the database is read; `put` keeps the answer only if nothing changed since. */
    mark: () => generation,

    put(
      tokenHash: string,
      ctx: AuthContext,
      row: { impersonatorId: string | null; expiresAt: Date },
      mark: number,
      nowMs: number,
    ) {
      if (!live || opts.ttlMs <= 0 || mark !== generation) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const until = Math.min(nowMs + opts.ttlMs, row.expiresAt.getTime());
      entries.set(tokenHash, { ctx, impersonatorId: row.impersonatorId, until });
    },

    /** A `<table>:<id>` signal: drops every entry read from that row (an unknown one drops them all). */
    invalidate(payload: string) {
      generation++;
      const [table, id] = payload.split(':');
      if (table === 'sessions') drop((e) => e.ctx.sessionId === id);
      else if (table === 'users') drop((e) => e.ctx.userId === id || e.impersonatorId === id);
      else if (table === 'teams') drop((e) => e.ctx.teamId === id);
      else entries.clear();
    },
  };
}
