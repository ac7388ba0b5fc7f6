import { can, normalizeEmail, type TeamMemberDto } from '@prospector/core';
import type { Db } from '../../db/client.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { Realtime } from '../../plugins/realtime.js';
import type { AuthContext } from '../auth/index.js';
import type { TeamsErrorCode } from './teams.errors.js';
import * as q from './team-members.queries.js';

export type TeamMembersService = ReturnType<typeof createTeamMembersService>;

type MemberInput = Pick<TeamMemberDto, 'name' | 'permissions' | 'dataAccess'> & { phone: string };
type AddInput = MemberInput & { email: string };
type EditInput = MemberInput & { _id: string; email?: string | undefined };

export function toTeamMemberDto(row: q.MemberRow): TeamMemberDto {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    permissions: row.permissions,
    dataAccess: row.dataAccess,
    avatar: row.avatar,
  };
}

/** Who may add, edit and remove others: the admin, or a member with the `members` permission. */
const managesMembers = (auth: AuthContext) => can(auth.user, 'members');

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** Settings > Team (spec part 2 §2, §4, §6, §7): list, add, edit and remove members. */
export function createTeamMembersService(deps: { db: Db; realtime: () => Realtime }) {
  const { db } = deps;

  /** Edit rules: self always (own access only for the admin); others with `members`; the admin only by the admin. */
  function mayEdit(auth: AuthContext, target: q.MemberRow, input: EditInput): TeamsErrorCode | null {
    const isAdmin = auth.user.role === 'admin';
    if (target.id === auth.userId) {
      const accessChanged =
        !sameSet(target.permissions, input.permissions) || target.dataAccess !== input.dataAccess;
      return accessChanged && !isAdmin ? 'OWN_ACCESS_ADMIN_ONLY' : null;
    }
    if (!managesMembers(auth)) return 'PERMISSION_REQUIRED';
    if (target.role === 'admin' && !isAdmin) return 'ADMIN_EDIT_ADMIN_ONLY';
    return null;
  }

  return {
    async list(auth: AuthContext): Promise<TeamMemberDto[]> {
      return (await q.listTeamMembers(db, auth.teamId)).map(toTeamMemberDto);
    },

    /** The account is created in the caller's team; its owner logs in with a code later (ADR 002). */
    async add(auth: AuthContext, input: AddInput): Promise<Result<TeamMemberDto, TeamsErrorCode>> {
      if (!managesMembers(auth)) return fail('PERMISSION_REQUIRED');
      const row = await q.insertMember(db, {
        teamId: auth.teamId,
        email: normalizeEmail(input.email),
        name: input.name,
        phone: input.phone || null,
        role: 'member',
        permissions: [...new Set(input.permissions)],
        dataAccess: input.dataAccess,
      });
      if (!row) return fail('MEMBER_EMAIL_TAKEN');
      deps.realtime().toTeam(auth.teamId, 'membersChanged', { userId: row.id, change: 'added' });
      return ok(toTeamMemberDto(row));
    },

    async edit(auth: AuthContext, input: EditInput): Promise<Result<TeamMemberDto, TeamsErrorCode>> {
      const target = await q.findTeamMember(db, auth.teamId, input._id);
      if (!target) return fail('TEAM_MEMBER_NOT_FOUND');
      const refused = mayEdit(auth, target, input);
      if (refused) return fail(refused);
      // The admin's permissions are all keys by role; what is stored for them stays as it was.
      const access =
        target.role === 'admin'
          ? {}
          : { permissions: [...new Set(input.permissions)], dataAccess: input.dataAccess };
      const row = await q.updateMember(db, auth.teamId, target.id, {
        name: input.name,
        phone: input.phone || null,
        ...(input.email === undefined ? {} : { email: normalizeEmail(input.email) }),
        ...access,
      });
      if (!row) return fail('MEMBER_EMAIL_TAKEN');
      const dto = toTeamMemberDto(row);
      deps.realtime().toTeam(auth.teamId, 'editMember', {
        _id: dto._id,
        name: dto.name,
        email: dto.email,
        phone: dto.phone,
        permissions: dto.permissions,
        dataAccess: dto.dataAccess,
        avatar: dto.avatar,
      });
      return ok(dto);
    },

    async countItems(auth: AuthContext, userId: string): Promise<Result<number, TeamsErrorCode>> {
      if (!managesMembers(auth)) return fail('PERMISSION_REQUIRED');
      const target = await q.findTeamMember(db, auth.teamId, userId);
      if (!target) return fail('TEAM_MEMBER_NOT_FOUND');
      return ok(await q.countAssignedItems(db, auth.teamId, userId));
    },

    /** Moves the member's records to `assignedTo` and deletes the account, in one transaction. */
    async remove(
      auth: AuthContext,
      userId: string,
      assignedTo: string[],
    ): Promise<Result<{ userId: string; moved: number }, TeamsErrorCode>> {
      if (!managesMembers(auth)) return fail('PERMISSION_REQUIRED');
      const target = await q.findTeamMember(db, auth.teamId, userId);
      if (!target) return fail('TEAM_MEMBER_NOT_FOUND');
      if (target.id === auth.userId) return fail('CANNOT_REMOVE_SELF');
      if (target.role === 'admin') return fail('CANNOT_REMOVE_ADMIN');
      const assignees = [...new Set(assignedTo)];
      const found = await q.teamMemberIds(db, auth.teamId, assignees);
      if (found.length !== assignees.length || assignees.includes(userId))
        return fail('ASSIGNEE_NOT_IN_TEAM');
      const removed = await db.transaction(async (tx) => {
        const count = await q.countAssignedItems(tx, auth.teamId, userId);
        if (count > 0 && assignees.length === 0) return fail('ASSIGNEES_REQUIRED');
        const moved = count > 0 ? await q.reassignItems(tx, auth.teamId, userId, assignees) : 0;
        await q.deleteMember(tx, auth.teamId, userId);
        return ok({ userId, moved });
      });
      if (removed.ok) deps.realtime().toTeam(auth.teamId, 'membersChanged', { userId, change: 'removed' });
      return removed;
    },
  };
}
