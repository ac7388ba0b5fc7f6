import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import * as q from './audit.queries.js';

export type AuditAction =
  | 'auth.login'
  | 'auth.logout'
  | 'auth.emailChanged'
  | 'admin.impersonate'
  | 'admin.switchToUser'
  | 'admin.switchBack'
  | 'admin.impersonationEnded'
  | 'admin.addCredits'
  | 'admin.denied'
  | 'admin.secondFactorRequired'
  | 'admin.secondFactorSetupStarted'
  | 'admin.secondFactorSetUp'
  | 'admin.secondFactorVerified'
  | 'admin.secondFactorFailed'
  | 'admin.suspend'
  | 'admin.unsuspend'
  | 'admin.pauseCampaigns'
  | 'admin.createTeam'
  | 'admin.removePhones'
  | 'admin.forceRemovePhones'
  | 'admin.replacePhones'
  | 'apiKey.created'
  | 'apiKey.revoked'
  | 'apiKey.call';

export type AuditEntry = {
  action: AuditAction;
  actorUserId?: string | null;
  teamId?: string | null;
  targetUserId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
};

/** Which entries the staff's Audit page lists: staff actions only, or all; one team's, or every team's. */
export type { AuditFilter } from './audit.queries.js';

export type AuditService = ReturnType<typeof createAuditService>;

/** Refusals of one caller, action and call within this window are one entry with a count. */
export const REFUSAL_FOLD_WINDOW_MS = 10 * 60 * 1000;
/** Past this many refusals of one action in a window, a caller who is not staff is answered 429. */
export const REFUSALS_PER_WINDOW = 30;

/** The append-only trail (the database refuses UPDATE, DELETE and TRUNCATE on it: ADR 025). */
export function createAuditService(deps: { clock: Clock }) {
  return {
    async record(db: Db, entry: AuditEntry) {
      await q.insertAuditEntry(db, { ...entry, details: entry.details ?? {}, createdAt: deps.clock.now() });
    },
    /** Several entries in one statement, in the caller's transaction. */
    async recordAll(db: Db, entries: AuditEntry[]) {
      const createdAt = deps.clock.now();
      await q.insertAuditEntries(
        db,
        entries.map((e) => ({ ...e, details: e.details ?? {}, createdAt })),
      );
    },

    /**
     * A refusal (a denied staff call, a missing second factor), folded (issue 36 item 8): the first of
     * a caller's refusals of one call in a 10-minute window is written, the rest only counted on it.
     * Answers whether the caller is over the limit of refusals of this action in the window, when the
     * route answers 429 instead. Callers repeating a refusal cannot flood the log.
     */
    async recordRefusal(db: Db, entry: AuditEntry & { call: string }): Promise<{ limited: boolean }> {
      const now = deps.clock.now();
      const windowStart = new Date(
        Math.floor(now.getTime() / REFUSAL_FOLD_WINDOW_MS) * REFUSAL_FOLD_WINDOW_MS,
      );
      const who = entry.actorUserId ?? entry.ip ?? 'anonymous';
      const total = await q.countIntoFold(db, `limit:${who}:${entry.action}`, windowStart);
      const limited = total > REFUSALS_PER_WINDOW;
      const key = `fold:${who}:${entry.action}:${entry.call}`;
      if ((await q.countIntoFold(db, key, windowStart)) > 1) return { limited };
      const { call, ...rest } = entry;
      const id = await q.insertAuditEntry(db, {
        ...rest,
        details: { ...entry.details, call },
        createdAt: now,
      });
      await q.linkFold(db, key, windowStart, id);
      return { limited };
    },
    countRecent(db: Db, actorUserId: string, action: AuditAction, since: Date) {
      return q.countRecent(db, actorUserId, action, since);
    },
    list: q.listAuditEntries,
  };
}
