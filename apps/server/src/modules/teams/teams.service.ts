import {
  DEFAULT_COMPANY_NAME,
  homeCountry,
  type CurrentUser,
  type PhoneCountry,
  type PlanName,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { TeamsErrorCode } from './teams.errors.js';
import * as q from './teams.queries.js';

export type UserWithTeam = { user: q.UserRow; team: q.TeamRow };

/** An account a login opened: with, when it took up an invitation, the teams whose invitations it left. */
export type OpenedAccount = UserWithTeam & { otherInvitations?: string[] };

export type TeamsService = ReturnType<typeof createTeamsService>;

export function createTeamsService(deps: {
  staffEmails: readonly string[];
  clock: { now(): Date };
  /** Runs in the transaction that creates a team (statuses, sections). */
  onTeamCreated: (tx: Db, teamId: string) => Promise<void>;
}) {
  const isStaffEmail = (email: string) => deps.staffEmails.includes(email);
  /** Staff status belongs to an identity that proved a staff address, never to an address alone. */
  const isStaffUser = (user: q.UserRow) => user.verifiedAt !== null && isStaffEmail(user.email);

  return {
    isStaffEmail,
    isStaffUser,
    findUserByEmail: q.findUserByEmail,
    findUserById: q.findUserById,
    findUsersByName: q.findUsersByName,
    findTeamAdmin: q.findTeamAdmin,
    findSendingSettings: q.findSendingSettings,
    setSuspension: q.setSuspension,

    /**
     * Our staff make a team for an address (admin area 'Create Team'): a new team whose admin is an
     * invitation of the address, proved at its first login like any invitation. Null when the address
     * already has an account, or is a staff address (which never joins a team by invitation).
     */
    async createTeamForOwner(db: Db, email: string): Promise<UserWithTeam | null> {
      if (isStaffEmail(email) || (await q.findUserByEmail(db, email))) return null;
      const team = await q.insertTeam(db, { name: DEFAULT_COMPANY_NAME, referredBy: null });
      const user = await q.insertInvitedUser(db, {
        teamId: team.id,
        email,
        role: 'admin',
        dataAccess: 'All data',
      });
      await deps.onTeamCreated(db, team.id);
      return { user, team };
    },

    /**
     * A login with a code proves the address. It opens the account that proved it before; else an
     * invitation of the address becomes that account (never for a staff address): a team made for the
     * address (staff's 'Create Team') before any other, else the newest (ADR 032); else a first
     * login creates one: a team named 'Unnamed Company', not onboarded, with the user as its admin.
     * Run inside the caller's transaction; if the address was proved meanwhile, that account is returned.
     */
    async findOrCreateAccount(db: Db, email: string, referredBy: string | null): Promise<OpenedAccount> {
      const existing = await q.findUserByEmail(db, email);
      if (existing) return existing;
      const now = deps.clock.now();
      // A staff address never joins a team that invited it: any team could plant that invitation.
      const [invitation, ...others] = isStaffEmail(email) ? [] : await q.findInvitations(db, email);
      if (invitation) {
        const user = await q.markVerified(db, invitation.user.id, now);
        if (user) return { user, team: invitation.team, otherInvitations: others.map((o) => o.team.name) };
        return (await q.findUserByEmail(db, email))!;
      }
      const team = await q.insertTeam(db, { name: DEFAULT_COMPANY_NAME, referredBy });
      const user = await q.insertUserIfAbsent(db, {
        teamId: team.id,
        email,
        role: 'admin',
        dataAccess: 'All data',
        verifiedAt: now,
      });
      if (user) {
        await deps.onTeamCreated(db, team.id);
        return { user, team };
      }
      await q.deleteTeam(db, team.id);
      return (await q.findUserByEmail(db, email))!;
    },

    /**
     * Moves an account to an address its owner proved (an e-mail change's code). Refused when a
     * teammate's row holds it, or another account proved it already.
     */
    async moveAccountToEmail(
      db: Db,
      userId: string,
      email: string,
    ): Promise<Result<{ teamId: string; previous: string }, TeamsErrorCode>> {
      const current = await q.findUserById(db, userId);
      if (!current) return fail('TEAM_MEMBER_NOT_FOUND');
      const holder = await q.findEmailHolder(db, current.team.id, userId, email);
      if (holder)
        return fail(holder.teamId === current.team.id ? 'MEMBER_EMAIL_IN_TEAM' : 'MEMBER_EMAIL_TAKEN');
      await q.setVerifiedEmail(db, userId, email, deps.clock.now());
      return ok({ teamId: current.team.id, previous: current.user.email });
    },

    toCurrentUser({ user, team }: UserWithTeam, impersonatedBy: string | null): CurrentUser {
      return {
        _id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        permissions: user.permissions,
        dataAccess: user.dataAccess,
        avatar: user.avatar,
        phone: user.phone,
        team: {
          _id: team.id,
          name: team.name,
          onboarded: team.onboarded,
          timezone: team.timezone,
          country: team.country,
          ppgl: team.ppgl,
          avatar: team.avatar,
          subUsers: team.subUsers,
          crmPush: Boolean(team.pushHook),
          suspension: team.suspendedAt
            ? { reason: team.suspendedReason ?? '', since: new Date(team.suspendedAt).toISOString() }
            : null,
        },
        // A session opened by impersonation never carries staff powers, whoever it is of.
        isStaff: impersonatedBy === null && isStaffUser(user),
        impersonatedBy,
      };
    },
  };
}

/**
 * Whether our staff have suspended the team (ADR 025, ADR 033): every path that sends something out
 * of the product for it (texts by hand or through the public API, calls, voicemail drops, buying
 * numbers) asks this first and refuses with TEAM_SUSPENDED.
 */
export function isTeamSuspended(db: Db, teamId: string): Promise<boolean> {
  return q.isSuspended(db, teamId);
}

/** The team's time zone (Settings > Other), null until onboarding sets it. */
export function findTeamTimezone(db: Db, teamId: string): Promise<string | null> {
  return q.findTimezone(db, teamId);
}

/** Sets the team's plan: billing calls this when a subscription starts, changes or ends (ADR 048). */
export function setTeamPlan(db: Db, teamId: string, plan: PlanName): Promise<void> {
  return q.updatePlan(db, teamId, plan);
}

/**
 * The team's home country (Settings > Other, 'US' until changed): the texts the server writes show its
 * numbers nationally, as the screens do (core's formatPhone).
 */
export async function findTeamCountry(db: Db, teamId: string): Promise<PhoneCountry> {
  return homeCountry(await q.findCountry(db, teamId));
}

/** The team's integration settings: hook URLs, the secret that signs hooks and the public API key. */
export type TeamIntegrations = q.IntegrationsRow;

/** The team's integration settings; null for a team that does not exist. */
export function findTeamIntegrations(db: Db, teamId: string): Promise<TeamIntegrations | null> {
  return q.findIntegrations(db, teamId);
}

/** Changes some of the team's integration settings; answers them all, or null for no such team. */
export function updateTeamIntegrations(
  db: Db,
  teamId: string,
  set: Partial<TeamIntegrations>,
): Promise<TeamIntegrations | null> {
  return q.updateIntegrations(db, teamId, set);
}

/** The team a public API key belongs to. */
export function findTeamIdByApiKey(db: Db, apiKey: string): Promise<string | null> {
  return q.findTeamIdByApiKey(db, apiKey);
}
