import {
  addMember,
  confirmMemberEmail,
  countUserItems,
  editMember,
  listTeamMembers,
  removeMember,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { createTeamMembersService } from './team-members.service.js';

/** Settings > Team: the members with their access, add, edit, remove, and a member's record count. */
export async function teamsRoutes(app: FastifyInstance) {
  const members = createTeamMembersService({
    db: app.database.db,
    realtime: () => app.realtime,
    auth: app.services.auth,
    teams: app.services.teams,
    plans: app.services.plans,
    devices: app.services.devices,
    assignees: app.services.assignees,
  });
  route(app, listTeamMembers, async ({ auth }) => ({ members: await members.list(auth) }));
  route(app, addMember, async ({ auth, body }) => {
    const user = unwrap(await members.add(auth, body));
    return { user, chats: await app.services.chats.memberAdded(auth.teamId, user._id) };
  });
  route(app, editMember, async ({ auth, body, client }) => unwrap(await members.edit(auth, body, client)));
  route(app, confirmMemberEmail, async ({ auth, body, client }) => ({
    user: unwrap(await members.confirmEmail(auth, body, client)),
  }));
  route(app, removeMember, async ({ auth, body }) => {
    const name = await app.services.chats.nameOf(body.userId);
    const removed = unwrap(await members.remove(auth, body.userId, body.assignedTo));
    if (name !== null) await app.services.chats.memberRemoved(auth.teamId, body.userId, name);
    return removed;
  });
  route(app, countUserItems, async ({ auth, body }) => ({
    itemCount: unwrap(await members.countItems(auth, body.userId)),
  }));
}
