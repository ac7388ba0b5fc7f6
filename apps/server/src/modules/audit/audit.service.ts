import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import * as q from './audit.queries.js';

export type AuditAction =
  | 'auth.login'
  | 'auth.logout'
  | 'auth.emailChanged'
  | 'admin.impersonate'
  | 'admin.switchToUser'
  | 'admin.addCredits'
  | 'admin.denied';

export type AuditEntry = {
  action: AuditAction;
  actorUserId?: string | null;
  teamId?: string | null;
  targetUserId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
};

export type AuditService = ReturnType<typeof createAuditService>;

export function createAuditService(deps: { clock: Clock }) {
  return {
    async record(db: Db, entry: AuditEntry) {
      await q.insertAuditEntry(db, { ...entry, details: entry.details ?? {}, createdAt: deps.clock.now() });
    },
  };
}
