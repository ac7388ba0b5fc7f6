import { LOGIN_SEND_LIMITS } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthErrorCode } from './auth.errors.js';
import * as q from './auth.queries.js';

type SendLimit = Extract<AuthErrorCode, 'SEND_LIMIT_SHORT' | 'SEND_LIMIT_DAY'>;

/**
 * Which send limit a new code would break, or null (ADR 003, ADR 032). The sender's own limits come
 * first (its IP across addresses, then its IP for this address), then the address's across every
 * sender, set higher: one sender cannot use up an address (ASVS 6.3). Run under the send locks.
 */
export async function findSendLimit(
  tx: Db,
  p: { email: string; ip: string; now: Date; ipLimits: { shortWindowMax: number; dayWindowMax: number } },
): Promise<SendLimit | null> {
  const { email, ip } = p;
  const short = new Date(p.now.getTime() - LOGIN_SEND_LIMITS.shortWindowMs);
  const day = new Date(p.now.getTime() - LOGIN_SEND_LIMITS.dayWindowMs);
  const checks: [where: { email?: string; ip?: string }, since: Date, max: number, code: SendLimit][] = [
    [{ ip }, short, p.ipLimits.shortWindowMax, 'SEND_LIMIT_SHORT'],
    [{ ip }, day, p.ipLimits.dayWindowMax, 'SEND_LIMIT_DAY'],
    [{ email, ip }, short, LOGIN_SEND_LIMITS.shortWindowMax, 'SEND_LIMIT_SHORT'],
    [{ email, ip }, day, LOGIN_SEND_LIMITS.dayWindowMax, 'SEND_LIMIT_DAY'],
    [{ email }, short, LOGIN_SEND_LIMITS.addressShortWindowMax, 'SEND_LIMIT_SHORT'],
    [{ email }, day, LOGIN_SEND_LIMITS.addressDayWindowMax, 'SEND_LIMIT_DAY'],
  ];
  for (const [where, since, max, code] of checks)
    if ((await q.countSends(tx, where, since)) >= max) return code;
  return null;
}
