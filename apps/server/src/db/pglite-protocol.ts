/**
 * Messages between the server's thread and the thread that runs the embedded database
 * (pglite-thread.ts, pglite-worker.ts). `tx` names an open transaction; without it a statement runs
 * on its own. Parsers cannot cross threads: the server's side sends the type ids whose text is kept
 * as it is (the only parsers drizzle sets), and refuses any other parser.
 */
export type QueryOptions = { rowMode?: 'array' | 'object'; keepText?: number[] };

export type Request =
  | { id: number; op: 'query'; text: string; params: unknown[]; options: QueryOptions; tx?: number }
  | { id: number; op: 'exec'; text: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' };

/** A database error's own fields (code, constraint, detail…) survive the crossing. */
export type WireError = { message: string; fields: Record<string, unknown> };

export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError }
  | { notify: string; payload: string };
