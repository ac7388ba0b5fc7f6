import { fitsSlidingLimit, slidingWindow } from '@prospector/core';
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
export async function countRateSlot(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<{ ok: boolean; used: number }> {
  const w = slidingWindow(now.getTime(), windowMs);
  const [previous] = await queryRows<{ count: number }>(
    db,
    sql`select count from rate_counts where key = ${key} and window_start = ${new Date(w.previousStart)}`,
  );
  const before = previous?.count ?? 0;
  if (!fitsSlidingLimit(before, 0, w.keep, limit)) return { ok: false, used: limit };
  const rows = await queryRows<{ count: number }>(
    db,
    sql`insert into rate_counts as r (key, window_start, count) values (${key}, ${new Date(w.start)}, 1)
        on conflict (key, window_start) do update set count = r.count + 1
          where ${before}::float8 * ${w.keep}::float8 + r.count + 1 <= ${limit}
        returning count`,
  );
  if (rows.length === 0) return { ok: false, used: limit };
  if (rows[0]!.count === 1)
    await db.execute(
      sql`delete from rate_counts where key = ${key} and window_start < ${new Date(w.previousStart)}`,
    );
  return { ok: true, used: before * w.keep + rows[0]!.count };
}
