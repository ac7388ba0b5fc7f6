import type { CurrentUser } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext, ClientInfo } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { AuditService } from '../audit/index.js';
import type { AuthService } from '../auth/index.js';
import type { TeamsService, UserWithTeam } from '../teams/index.js';
import type { AdminErrorCode } from './admin.errors.js';

type Impersonation = Result<{ token: string; user: CurrentUser }, AdminErrorCode>;

export type AdminService = ReturnType<typeof createAdminService>;

/** Internal staff (STAFF_EMAILS) may open a session as any user; every attempt is audited. */
export function createAdminService(deps: {
  db: Db;
  auth: AuthService;
  teams: TeamsService;
  audit: AuditService;
}) {
  const { db, auth, teams, audit } = deps;

  async function refuse(caller: AuthContext, client: ClientInfo, what: Record<string, unknown>) {
    await audit.record(db, {
      action: 'admin.denied',
      actorUserId: caller.userId,
      teamId: caller.teamId,
      ip: client.ip,
      details: what,
    });
    return fail('NOT_STAFF' as const);
  }

  async function impersonate(
    caller: AuthContext,
    target: UserWithTeam,
    client: ClientInfo,
    action: 'admin.impersonate' | 'admin.switchToUser',
    details: Record<string, unknown>,
  ): Promise<Impersonation> {
    const token = await db.transaction(async (tx) => {
      const t = await auth.openSession(tx, target.user.id, client, caller.userId);
      await audit.record(tx, {
        action,
        actorUserId: caller.userId,
        teamId: target.team.id,
        targetUserId: target.user.id,
        ip: client.ip,
        details: { ...details, staffEmail: caller.user.email },
      });
      return t;
    });
    return ok({ token, user: teams.toCurrentUser(target, caller.user.name || caller.user.email) });
  }

  return {
    async hijack(caller: AuthContext, name: string, client: ClientInfo): Promise<Impersonation> {
      if (!caller.user.isStaff) return refuse(caller, client, { call: 'hijack', name });
      const found = await teams.findUsersByName(db, name.trim(), 2);
      if (found.length === 0) return fail('USER_NOT_FOUND');
      if (found.length > 1) return fail('USER_AMBIGUOUS');
      return impersonate(caller, found[0]!, client, 'admin.impersonate', { name });
    },

    async switchToUser(caller: AuthContext, teamId: string, client: ClientInfo): Promise<Impersonation> {
      if (!caller.user.isStaff) return refuse(caller, client, { call: 'switchToUser', teamId });
      const admin = await teams.findTeamAdmin(db, teamId);
      if (!admin) return fail('TEAM_NOT_FOUND');
      return impersonate(caller, admin, client, 'admin.switchToUser', { teamId });
    },
  };
}
