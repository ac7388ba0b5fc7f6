import {
  can,
  normalizeEmail,
  type DataAccess,
  type PermissionKey,
  type Role,
  type ServerEventPayload,
  type TeamMemberDto,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext, ClientInfo } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { Realtime } from '../../plugins/realtime.js';
import type { TeamsErrorCode } from './teams.errors.js';
import type { TeamsService } from './teams.service.js';
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
    invited: row.verifiedAt === null,
  };
}

/** The team's `editMember` event of a member (their Settings > Team row, less role and invitation). */
export function editMemberEvent(dto: TeamMemberDto): ServerEventPayload<'editMember'> {
  const { _id, name, email, phone, permissions, dataAccess, avatar } = dto;
  return { _id, name, email, phone, permissions, dataAccess, avatar };
}

/** Who may add, edit and remove others: the admin, or a member with the `members` permission. */
const managesMembers = (auth: AuthContext) => can(auth.user, 'members');

/** As records.access's seesAllData, for a member row: the admin and 'All data' read every record. */
const seesAllData = (row: { role: Role; dataAccess: DataAccess }) =>
  row.role === 'admin' || row.dataAccess === 'All data';

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * What Settings > Team asks of the auth module: a code sent to a member's new address, and that code
 * checked. Declared here, not imported: auth depends on teams (accounts), so importing AuthService
 * would make the two modules a cycle.
 */
type EmailChangeCodes = {
  requestEmailChange(
    input: { userId: string; email: string },
    client: ClientInfo,
  ): Promise<Result<true, 'SEND_LIMIT_SHORT' | 'SEND_LIMIT_DAY' | 'MAIL_FAILED'>>;
  confirmEmailChange(
    input: { userId: string; code: string; keepSessionId: string | null; actorUserId: string },
    client: ClientInfo,
  ): Promise<Result<{ email: string; endedSessions: string[] }, 'INVALID_CODE' | TeamsErrorCode>>;
};

/** Settings > Team (spec part 2 §2, §4, §6, §7): list, add, edit and remove members. */
export function createTeamMembersService(deps: {
  db: Db;
  realtime: () => Realtime;
  auth: EmailChangeCodes;
  teams: TeamsService;
  /** The plan's users: a seat is taken in the transaction that adds the member. */
  /** Billing's seat check (its plans service): given, not imported, since billing sets plans through teams. */
  plans: { takeUserSeat(tx: Db, teamId: string): Promise<Result<true, 'PLAN_USER_LIMIT'>> };
  /**
   * A member's access changed or they left (`member` null): the devices they were handed follow at
   * once (issue 36). Declared here: devices depend on teams.
   */
  /**
   * The records module's assignments (it owns `items`: ADR 048): how many records a member is assigned,
   * and moving them to others in the removal's transaction. Declared here: records depend on teams.
   */
  assignees: {
    countAssigned(tx: Db, teamId: string, userId: string): Promise<number>;
    reassign(tx: Db, teamId: string, userId: string, assignees: string[]): Promise<number>;
  };
  devices: {
    accessChanged(
      teamId: string,
      member: {
        id: string;
        role: Role;
        dataAccess: DataAccess;
        permissions: readonly PermissionKey[];
      } | null,
      userId: string,
    ): Promise<number>;
  };
}) {
  const { db } = deps;

  const emitEdited = (teamId: string, dto: TeamMemberDto) =>
    deps.realtime().toTeam(teamId, 'editMember', editMemberEvent(dto));

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
    async add(
      auth: AuthContext,
      input: AddInput,
    ): Promise<Result<TeamMemberDto, TeamsErrorCode | 'PLAN_USER_LIMIT'>> {
      if (!managesMembers(auth)) return fail('PERMISSION_REQUIRED');
      const added = await db.transaction(async (tx) => {
        const seat = await deps.plans.takeUserSeat(tx, auth.teamId);
        if (!seat.ok) return seat;
        const row = await q.insertMember(tx, {
          teamId: auth.teamId,
          email: normalizeEmail(input.email),
          name: input.name,
          phone: input.phone || null,
          role: 'member',
          permissions: [...new Set(input.permissions)],
          dataAccess: input.dataAccess,
        });
        return row ? ok(row) : fail('MEMBER_EMAIL_IN_TEAM');
      });
      if (!added.ok) return added;
      const row = added.value;
      deps.realtime().forgetAudience(auth.teamId);
      deps.realtime().toTeam(auth.teamId, 'membersChanged', { userId: row.id, change: 'added' });
      return ok(toTeamMemberDto(row));
    },

    async edit(
      auth: AuthContext,
      input: EditInput,
      client: ClientInfo,
    ): Promise<
      Result<
        { user: TeamMemberDto; pendingEmail: string | null },
        TeamsErrorCode | 'SEND_LIMIT_SHORT' | 'SEND_LIMIT_DAY' | 'MAIL_FAILED'
      >
    > {
      const target = await q.findTeamMember(db, auth.teamId, input._id);
      if (!target) return fail('TEAM_MEMBER_NOT_FOUND');
      const refused = mayEdit(auth, target, input);
      if (refused) return fail(refused);
      const email = input.email === undefined ? target.email : normalizeEmail(input.email);
      const newEmail = email === target.email ? null : email;
      // An invited row is not anyone's account yet: its address is the invitation's, and changes freely.
      const proveFirst = newEmail !== null && target.verifiedAt !== null;
      if (proveFirst && deps.teams.isStaffUser(target)) return fail('STAFF_EMAIL_LOCKED');
      if (newEmail !== null && (await q.teamHasEmail(db, auth.teamId, target.id, newEmail)))
        return fail('MEMBER_EMAIL_IN_TEAM');
      if (proveFirst) {
        const sent = await deps.auth.requestEmailChange({ userId: target.id, email: newEmail }, client);
        if (!sent.ok) return sent;
      }
      // The admin's permissions are all keys by role; what is stored for them stays as it was.
      const access =
        target.role === 'admin'
          ? {}
          : { permissions: [...new Set(input.permissions)], dataAccess: input.dataAccess };
      const row = await q.updateMember(db, auth.teamId, target.id, {
        name: input.name,
        phone: input.phone || null,
        ...(newEmail !== null && !proveFirst ? { email: newEmail } : {}),
        ...access,
      });
      if (!row) return fail('TEAM_MEMBER_NOT_FOUND');
      const dto = toTeamMemberDto(row);
      emitEdited(auth.teamId, dto);
      if (row.dataAccess !== target.dataAccess) {
        deps.realtime().forgetAudience(auth.teamId);
        deps.realtime().rescopeUser(auth.teamId, row.id, seesAllData(row));
      }
      await deps.devices.accessChanged(auth.teamId, row, row.id);
      return ok({ user: dto, pendingEmail: proveFirst ? newEmail : null });
    },

    /** The code sent to a member's new address moves the account there (editMember began it). */
    async confirmEmail(
      auth: AuthContext,
      input: { _id: string; code: string },
      client: ClientInfo,
    ): Promise<Result<TeamMemberDto, TeamsErrorCode | 'INVALID_CODE'>> {
      const target = await q.findTeamMember(db, auth.teamId, input._id);
      if (!target) return fail('TEAM_MEMBER_NOT_FOUND');
      const refused = mayEdit(auth, target, { ...target, _id: target.id, phone: target.phone ?? '' });
      if (refused) return fail(refused);
      const moved = await deps.auth.confirmEmailChange(
        {
          userId: target.id,
          code: input.code,
          keepSessionId: target.id === auth.userId ? auth.sessionId : null,
          actorUserId: auth.userId,
        },
        client,
      );
      if (!moved.ok) return moved;
      for (const sessionId of moved.value.endedSessions) deps.realtime().endSession(sessionId, 'revoked');
      const row = await q.findTeamMember(db, auth.teamId, target.id);
      const dto = toTeamMemberDto(row!);
      emitEdited(auth.teamId, dto);
      return ok(dto);
    },

    async countItems(auth: AuthContext, userId: string): Promise<Result<number, TeamsErrorCode>> {
      if (!managesMembers(auth)) return fail('PERMISSION_REQUIRED');
      const target = await q.findTeamMember(db, auth.teamId, userId);
      if (!target) return fail('TEAM_MEMBER_NOT_FOUND');
      return ok(await deps.assignees.countAssigned(db, auth.teamId, userId));
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
        const count = await deps.assignees.countAssigned(tx, auth.teamId, userId);
        if (count > 0 && assignees.length === 0) return fail('ASSIGNEES_REQUIRED');
        const moved = count > 0 ? await deps.assignees.reassign(tx, auth.teamId, userId, assignees) : 0;
        await q.deleteMember(tx, auth.teamId, userId);
        return ok({ userId, moved });
      });
      if (removed.ok) {
        await deps.devices.accessChanged(auth.teamId, null, userId);
        deps.realtime().forgetAudience(auth.teamId);
        deps.realtime().endUser(userId, 'removed');
        deps.realtime().toTeam(auth.teamId, 'membersChanged', { userId, change: 'removed' });
      }
      return removed;
    },
  };
}
