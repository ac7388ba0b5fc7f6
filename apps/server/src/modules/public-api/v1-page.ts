import { decodeCursor, encodeCursor } from '@prospector/core';
import { fail, ok, type Result } from '../../lib/result.js';

/** A page after `cursor` (null: the first), one row more than asked to know whether another follows. */
export async function pageAfter<Row, Out extends { createdAt: string; id: string }>(
  cursor: string | undefined,
  limit: number,
  read: (after: { createdAt: string; id: string } | null, limit: number) => Promise<Row[]>,
  map: (row: Row) => Out,
): Promise<Result<{ data: Out[]; nextCursor: string | null }, 'CURSOR_INVALID'>> {
  const after = cursor === undefined ? null : decodeCursor(cursor);
  if (cursor !== undefined && !after) return fail('CURSOR_INVALID');
  const rows = await read(after, limit + 1);
  const data = rows.slice(0, limit).map(map);
  const last = data.at(-1);
  return ok({ data, nextCursor: rows.length > limit && last ? encodeCursor(last) : null });
}
