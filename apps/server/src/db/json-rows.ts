import { sql, type SQL } from 'drizzle-orm';

/*
 * Many rows bound as ONE parameter (a JSON array) and read back as a table: the way the server writes a
 * batch set-based without building a statement of a dozen parameters a row in the event loop's thread
 * (docs/scaling.md, 2026-11-29 (2)). The rows keep their camelCase keys: a column is named as its key,
 * quoted (`x."itemId"`), and typed by the `columns` map, which must name every key. Names and types are
 * the code's own, checked here; the values never enter the statement's text.
 */

export type JsonColumnType =
  | 'uuid'
  | 'text'
  | 'int'
  | 'bigint'
  | 'boolean'
  | 'jsonb'
  | 'timestamptz'
  | 'date'
  | 'numeric'
  | 'uuid[]'
  | 'text[]';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function named(name: string): string {
  if (!NAME.test(name)) throw new Error(`jsonRows: "${name}" is not a plain SQL name`);
  return name;
}

function recordset(json: string, alias: string, columns: Record<string, JsonColumnType>): SQL {
  const list = Object.entries(columns)
    .map(([key, type]) => `"${named(key)}" ${type}`)
    .join(', ');
  return sql`jsonb_to_recordset(${json}::jsonb) as ${sql.raw(named(alias))}(${sql.raw(list)})`;
}

/** `from ${jsonRows('x', rows, { id: 'uuid', itemId: 'uuid' })}` reads `x.id`, `x."itemId"`. */
export function jsonRows<T extends Record<string, unknown>>(
  alias: string,
  rows: readonly T[],
  columns: { [K in keyof T]-?: JsonColumnType },
): SQL {
  return recordset(JSON.stringify(rows), alias, columns);
}

/**
 * The same over rows already serialised as a JSON array's text (the import's planner writes each row's
 * JSON once, in its worker); the caller answers for the text's keys matching `columns`.
 */
export function jsonRowsText(alias: string, json: string, columns: Record<string, JsonColumnType>): SQL {
  return recordset(json, alias, columns);
}
