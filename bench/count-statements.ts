/**
 * The statements a bench sends to the database (BEGIN and COMMIT included), counted at the driver: a
 * per-row or per-record statement shows in the count whatever the machine's load. Shared by the import
 * and dispatch benches.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgliteThread } from '../apps/server/src/db/pglite-thread.js';

let sent = 0;

/** Statements sent so far by every counted client. */
export function statementsSent(): number {
  return sent;
}

/** Counts every statement node-postgres sends, on every pool and client of this process. */
export function countPostgresStatements() {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    sent += 1;
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
