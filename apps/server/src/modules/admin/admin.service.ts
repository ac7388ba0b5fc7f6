import { dollarsToUnits, formatCredits, unitsToDollars, type CurrentUser } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext, ClientInfo } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { AuditService } from '../audit/index.js';
import type { AuthService } from '../auth/index.js';
import type { GrantReason, LedgerService } from '../billing/index.js';
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
  ledger: Pick<LedgerService, 'grant'>;
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

    /**
     * Staff credit a team (spec part 2 §6 'add credits'): a grant, or a refund of a charge made by
     * mistake. The entry names the staff member; the audit log keeps who, how much and why.
     */
    async addCredits(
      caller: AuthContext,
      input: { teamId: string; amount: number; reason: GrantReason; note: string },
      client: ClientInfo,
    ): Promise<Result<{ teamId: string; credits: number }, AdminErrorCode>> {
      if (!caller.user.isStaff) return refuse(caller, client, { call: 'addCredits', teamId: input.teamId });
      // The contract refused amounts finer than a credit unit.
      const units = dollarsToUnits(input.amount)!;
      const what = input.reason === 'staffRefund' ? 'Refund' : 'Credits added';
      const description = `${what} by ${caller.user.name || 'support'}${input.note ? `: ${input.note}` : ''}`;
      const granted = await db.transaction(async (tx) => {
        const result = await deps.ledger.grant(
          { teamId: input.teamId, amount: units, reason: input.reason, description, actorId: caller.userId },
          tx,
        );
        if (result.ok)
          await audit.record(tx, {
            action: 'admin.addCredits',
            actorUserId: caller.userId,
            teamId: input.teamId,
            ip: client.ip,
            details: { amount: formatCredits(units), reason: input.reason, entryId: result.value.entryId },
          });
        return result;
      });
      if (!granted.ok) return granted;
      return ok({ teamId: input.teamId, credits: unitsToDollars(granted.value.balance) });
    },
  };
}
