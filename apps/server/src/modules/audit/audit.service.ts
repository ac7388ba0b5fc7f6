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
  | 'admin.replacePhones';

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

/** The append-only trail (the database refuses UPDATE, DELETE and TRUNCATE on it: ADR 025). */
export function createAuditService(deps: { clock: Clock }) {
  return {
    async record(db: Db, entry: AuditEntry) {
      await q.insertAuditEntry(db, { ...entry, details: entry.details ?? {}, createdAt: deps.clock.now() });
    },
    countRecent(db: Db, actorUserId: string, action: AuditAction, since: Date) {
      return q.countRecent(db, actorUserId, action, since);
    },
    list: q.listAuditEntries,
  };
}
