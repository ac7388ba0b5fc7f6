import { slidingWindow } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

/**
 * Counts one call against `key`'s limit of `limit` per `windowMs`, in the database so every process
 * shares the count (rules/rate-limit.ts). Answers whether the call fits; a refused call is not counted.
 * The conditional upsert locks the window's row, so two processes cannot both take the last place.
 */
export async function takeRateSlot(db: Db, key: string, limit: number, windowMs: number, now: Date) {
  return (await countRateSlot(db, key, limit, windowMs, now)).ok;
}

/**
 * takeRateSlot that also answers how much of the limit is used (the sliding estimate, this call
 * included when it fits), for the public API's `RateLimit-*` headers.
 */
export function countRateSlot(db: Db, key: string, limit: number, windowMs: number, now: Date) {
  return countRateSlots(db, key, 1, limit, windowMs, now);
}

/**
 * Counts `n` calls against `key`'s limit at once, all or none (ADR 057: a process's concurrent calls
 * of one key share one statement): answers whether all fit, and the use with them counted.
 */
export async function countRateSlots(
  db: Db,
  key: string,
  n: number,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<{ ok: boolean; used: number }> {
  const w = slidingWindow(now.getTime(), windowMs);
  // One round trip: the previous window's count read and the current one's counted together.
  const [row] = await queryRows<{ before: number; count: number | null }>(
    db,
    sql`with prev as (
          select coalesce((select count from rate_counts
            where key = ${key} and window_start = ${new Date(w.previousStart)}), 0) as c
        ), up as (
          insert into rate_counts as r (key, window_start, count)
          select ${key}, ${new Date(w.start)}, ${n}::int from prev
            where prev.c::float8 * ${w.keep}::float8 + ${n}::int <= ${limit}
          on conflict (key, window_start) do update set count = r.count + ${n}::int
            where (select c from prev)::float8 * ${w.keep}::float8 + r.count + ${n}::int <= ${limit}
          returning count
        )
        select (select c from prev) as before, (select count from up) as count`,
  );
  const before = row?.before ?? 0;
  if (!row || row.count === null) return { ok: false, used: limit };
  // The window's first calls: the windows before the previous one are no longer read.
  if (row.count === n)
    await db.execute(
      sql`delete from rate_counts where key = ${key} and window_start < ${new Date(w.previousStart)}`,
    );
  return { ok: true, used: before * w.keep + row.count };
}
