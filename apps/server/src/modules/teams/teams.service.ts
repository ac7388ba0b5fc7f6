import { DEFAULT_COMPANY_NAME, type CurrentUser } from '@prospector/core';
import type { Db } from '../../db/client.js';
import * as q from './teams.queries.js';

export type UserWithTeam = { user: q.UserRow; team: q.TeamRow };

export type TeamsService = ReturnType<typeof createTeamsService>;

export function createTeamsService(deps: {
  staffEmails: readonly string[];
  /** Runs in the transaction that creates a team (statuses, sections). */
  onTeamCreated: (tx: Db, teamId: string) => Promise<void>;
}) {
  const isStaffEmail = (email: string) => deps.staffEmails.includes(email);

  return {
    isStaffEmail,
    findUserByEmail: q.findUserByEmail,
    findUserById: q.findUserById,
    findUsersByName: q.findUsersByName,
    findTeamAdmin: q.findTeamAdmin,

    /**
     * A first login creates the account: a team named 'Unnamed Company', not onboarded, with the user
     * as its admin. Run inside the caller's transaction; if the address was created meanwhile, that
     * account is returned.
     */
    async findOrCreateAccount(db: Db, email: string, referredBy: string | null): Promise<UserWithTeam> {
      const existing = await q.findUserByEmail(db, email);
      if (existing) return existing;
      const team = await q.insertTeam(db, { name: DEFAULT_COMPANY_NAME, referredBy });
      const user = await q.insertUserIfAbsent(db, {
        teamId: team.id,
        email,
        role: 'admin',
        dataAccess: 'All data',
      });
      if (user) {
        await deps.onTeamCreated(db, team.id);
        return { user, team };
      }
      await q.deleteTeam(db, team.id);
      return (await q.findUserByEmail(db, email))!;
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
          ppgl: team.ppgl,
          avatar: team.avatar,
          subUsers: team.subUsers,
        },
        isStaff: isStaffEmail(user.email),
        impersonatedBy,
      };
    },
  };
}
