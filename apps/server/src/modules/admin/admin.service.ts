import {
  dollarsToUnits,
  formatCredits,
  normalizeEmail,
  unitsToDollars,
  type CurrentUser,
  serverMessages,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext, ClientInfo } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import type { Realtime } from '../../plugins/realtime.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { AuditService } from '../audit/index.js';
import type { AuthService } from '../auth/index.js';
import type { GrantReason, LedgerService } from '../billing/index.js';
import { pauseTeamCampaigns } from '../campaigns/index.js';
import type { TeamsService, UserWithTeam } from '../teams/index.js';
import type { AdminErrorCode } from './admin.errors.js';

type Impersonation = Result<{ token: string; user: CurrentUser }, AdminErrorCode>;

export type AdminService = ReturnType<typeof createAdminService>;

/**
 * Staff actions (ADR 025). The route guard lets only staff with a fresh second factor in; each action
 * here writes its audit entry in the transaction that does it.
 */
export function createAdminService(deps: {
  db: Db;
  clock: Clock;
  auth: AuthService;
  teams: TeamsService;
  audit: AuditService;
  ledger: Pick<LedgerService, 'grant'>;
  /** Tells the team's open screens about a suspension or new credits as it happens. */
  realtime: () => Pick<Realtime, 'toTeam'>;
}) {
  const { db, auth, teams, audit } = deps;
  const by = (caller: AuthContext, client: ClientInfo) => ({ actorUserId: caller.userId, ip: client.ip });

  async function impersonate(
    caller: AuthContext,
    target: UserWithTeam,
    client: ClientInfo,
    action: 'admin.impersonate' | 'admin.switchToUser',
    details: Record<string, unknown>,
  ): Promise<Impersonation> {
    // Staff never act as a colleague: that would hand one staff member another's identity.
    if (teams.isStaffUser(target.user)) return fail('STAFF_TARGET');
    const token = await db.transaction(async (tx) => {
      const opened = await auth.openSession(tx, target.user.id, client, {
        userId: caller.userId,
        sessionId: caller.sessionId,
      });
      await audit.record(tx, {
        action,
        ...by(caller, client),
        teamId: target.team.id,
        targetUserId: target.user.id,
        details: { ...details, staffEmail: caller.user.email, until: opened.expiresAt.toISOString() },
      });
      return opened.token;
    });
    return ok({ token, user: teams.toCurrentUser(target, caller.user.name || caller.user.email) });
  }

  return {
    async hijack(caller: AuthContext, name: string, client: ClientInfo): Promise<Impersonation> {
      const found = await teams.findUsersByName(db, name.trim(), 2);
      if (found.length === 0) return fail('USER_NOT_FOUND');
      if (found.length > 1) return fail('USER_AMBIGUOUS');
      return impersonate(caller, found[0]!, client, 'admin.impersonate', { name });
    },

    async switchToUser(caller: AuthContext, teamId: string, client: ClientInfo): Promise<Impersonation> {
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
            ...by(caller, client),
            teamId: input.teamId,
            details: {
              amount: formatCredits(units),
              reason: input.reason,
              ...(input.note ? { note: input.note } : {}),
              entryId: result.value.entryId,
            },
          });
        return result;
      });
      if (!granted.ok) return granted;
      const credits = unitsToDollars(granted.value.balance);
      deps.realtime().toTeam(input.teamId, 'creditsChanged', { credits });
      return ok({ teamId: input.teamId, credits });
    },

    /**
     * Suspends a team, or lifts its suspension (the spec's `suspend {teamId}` toggles). While suspended
     * the campaign engine skips its campaigns and no device of it is offered a job; members see why.
     */
    async toggleSuspension(
      caller: AuthContext,
      input: { teamId: string; reason: string },
      client: ClientInfo,
    ) {
      const at = deps.clock.now();
      const done = await db.transaction(async (tx) => {
        const admin = await teams.findTeamAdmin(tx, input.teamId);
        if (!admin) return fail('TEAM_NOT_FOUND' as const);
        const suspend = !admin.team.suspendedAt;
        const reason = suspend ? input.reason || null : null;
        await teams.setSuspension(tx, input.teamId, suspend ? at : null, reason);
        await audit.record(tx, {
          action: suspend ? 'admin.suspend' : 'admin.unsuspend',
          ...by(caller, client),
          teamId: input.teamId,
          details: suspend ? { reason } : {},
        });
        const message = suspend ? serverMessages.admin.teamSuspended : serverMessages.admin.teamUnsuspended;
        return ok({ teamId: input.teamId, suspended: suspend, message, reason });
      });
      if (!done.ok) return done;
      const { reason, ...answer } = done.value;
      // After the commit: a screen that reads the team again on this event sees the new state.
      deps.realtime().toTeam(input.teamId, 'teamSuspension', {
        suspension: answer.suspended ? { reason: reason ?? '', since: at.toISOString() } : null,
      });
      return ok(answer);
    },

    /** Pauses every running campaign of the team (spec part 2 §4). */
    async pauseCampaigns(caller: AuthContext, teamId: string, client: ClientInfo) {
      return db.transaction(async (tx) => {
        if (!(await teams.findTeamAdmin(tx, teamId))) return fail('TEAM_NOT_FOUND' as const);
        const paused = await pauseTeamCampaigns(tx, teamId);
        await audit.record(tx, {
          action: 'admin.pauseCampaigns',
          ...by(caller, client),
          teamId,
          details: { paused },
        });
        return ok({
          teamId,
          paused,
          message: serverMessages.admin.campaignsPaused.replace('{count}', String(paused)),
        });
      });
    },

    /** Creates a team owned by the address and mails it a login code (its first login proves it). */
    async createTeam(
      caller: AuthContext,
      email: string,
      client: ClientInfo,
    ): Promise<Result<{ teamId: string; email: string; message: string }, AdminErrorCode>> {
      const address = normalizeEmail(email);
      const created = await db.transaction(async (tx) => {
        const account = await teams.createTeamForOwner(tx, address);
        if (account)
          await audit.record(tx, {
            action: 'admin.createTeam',
            ...by(caller, client),
            teamId: account.team.id,
            targetUserId: account.user.id,
            details: { email: address },
          });
        return account;
      });
      if (!created) return fail('EMAIL_HAS_ACCOUNT');
      const sent = await auth.sendCode({ email: address }, client);
      if (!sent.ok) return fail(sent.code);
      return ok({
        teamId: created.team.id,
        email: address,
        message: serverMessages.admin.teamCreated.replace('{email}', address),
      });
    },
  };
}
