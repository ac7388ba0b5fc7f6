/**
 * The statements a bench sends to the database (BEGIN and COMMIT included), counted at the driver: a
 * per-row or per-record statement shows in the count whatever the machine's load. Shared by the import
 * and dispatch benches.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgliteThread } from '../apps/server/src/db/pglite-thread.js';

let sent = 0;
/** With `profile`, how many statements of each kind (their first words) were sent. */
const kinds = new Map<string, number>();
let profiling = false;

/** The statements sent since `countPostgresStatements({ profile: true })`, by kind, most first. */
export function statementKinds(): [string, number][] {
  return [...kinds].sort((a, b) => b[1] - a[1]);
}

/** Starts (or restarts) the count by kind. */
export function resetStatementKinds() {
  kinds.clear();
  profiling = true;
}

function kindOf(arg: unknown): string {
  const text = typeof arg === 'string' ? arg : ((arg as { text?: string } | null)?.text ?? '?');
  return text.replace(/\s+/g, ' ').trim().slice(0, 90);
}

/** Statements sent so far by every counted client. */
export function statementsSent(): number {
  return sent;
}

/** Counts every statement node-postgres sends, on every pool and client of this process. */
export function countPostgresStatements() {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    sent += 1;
    if (profiling) {
      const k = kindOf(args[0]);
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** Counts the statements of one PGlite (in this thread or in its worker) and of its transactions. */
export function countPgliteStatements<C extends PGlite | PgliteThread>(client: C): C {
  const counted = <T extends PGlite | Transaction>(target: T) => {
    const { query, exec } = target;
    target.query = ((...args: Parameters<T['query']>) => {
      sent += 1;
      return query.apply(target, args);
    }) as T['query'];
    target.exec = ((...args: Parameters<T['exec']>) => {
      sent += 1;
      return exec.apply(target, args);
    }) as T['exec'];
    return target;
  };
  const embedded = client as PGlite;
  counted(embedded);
  const transaction = embedded.transaction.bind(embedded);
  embedded.transaction = (callback) => {
    sent += 2; // its BEGIN and COMMIT
    return transaction((tx) => callback(counted(tx)));
  };
  return client;
}
