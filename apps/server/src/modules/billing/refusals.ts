import type { BillingErrorCode } from './billing.errors.js';
import { NON_NEGATIVE_BALANCE } from './ledger.queries.js';

/** What the database, or the ledger's own checks inside a transaction, may refuse. */
export type LedgerCode =
  | Extract<
      BillingErrorCode,
      'INSUFFICIENT_CREDITS' | 'HOLD_NOT_FOUND' | 'HOLD_SETTLED' | 'CHARGE_ABOVE_HOLD'
    >
  | 'TEAM_NOT_FOUND';

/** PostgreSQL's SQLSTATE and constraint of an error anywhere in its causes (pg and PGlite alike). */
function driverError(err: unknown): { code: string; constraint?: string } | null {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth++) {
    const x = e as { code?: unknown; constraint?: unknown };
    if (typeof x.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code))
      return { code: x.code, ...(typeof x.constraint === 'string' ? { constraint: x.constraint } : {}) };
  }
  return null;
}

const CHECK_VIOLATION = '23514';
const FOREIGN_KEY_VIOLATION = '23503';

/** The database's refusal of a ledger write, as the ledger's failure; null for any other error. */
export function refusalOf(err: unknown): LedgerCode | null {
  const e = driverError(err);
  if (e?.code === CHECK_VIOLATION && e.constraint === NON_NEGATIVE_BALANCE) return 'INSUFFICIENT_CREDITS';
  // Every foreign key the ledger writes that a caller names is the team's.
  if (e?.code === FOREIGN_KEY_VIOLATION) return 'TEAM_NOT_FOUND';
  return null;
}
