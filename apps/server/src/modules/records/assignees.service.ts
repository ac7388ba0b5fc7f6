import { itemTitle, mayReadRecord, type RecordType } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { fail, ok } from '../../lib/result.js';
import type { NotificationsService } from '../notifications/index.js';
import * as aq from './assignees.queries.js';
import * as q from './records.queries.js';
import type { RecordsService } from './records.service.js';

export type AssigneesService = ReturnType<typeof createAssigneesService>;

type Deps = { db: Db; notifications: NotificationsService; records: RecordsService };
type AssignInput = { assignedId: string; dataId: string; dataType: 'task' | RecordType };

/** Adds the member to the assignees, or takes them off if they were on. */
const toggle = (current: string[], member: string) => {
  const added = !current.includes(member);
  return { added, assignedTo: added ? [...current, member] : current.filter((u) => u !== member) };
};

/** Tells the member they were assigned something of the record (a notification and its push). */
async function notifyAssigned(deps: Deps, auth: AuthContext, member: string, itemId: string, what: string) {
  const push = await deps.notifications.notify(deps.db, {
    teamId: auth.teamId,
    senderId: auth.userId,
    recipients: [member],
    body: `${auth.user.name || auth.user.email} assigned you ${what}`,
    targetId: itemId,
  });
  await push();
}

/** A task's assignees; its text and record are told only to a member who may open the record (ADR 031). */
async function assignTask(deps: Deps, auth: AuthContext, task: q.TaskRow, item: q.ItemRow, member: string) {
  const { added, assignedTo } = toggle(task.assignedTo, member);
  await q.updateTask(deps.db, task.id, { assignedTo });
  const [who] = await q.teamMembersAccess(deps.db, auth.teamId, [member]);
  if (added && who && mayReadRecord(who, item.assignedTo))
    await notifyAssigned(deps, auth, member, item.id, `a task: ${task.text.slice(0, 80)}`);
  return ok({ _id: task.id, assignedTo });
}

/** Assigns the member to the record or one of its tasks, or takes them off (a toggle). */
async function assign(deps: Deps, auth: AuthContext, input: AssignInput) {
  const { db, records } = deps;
  // The record comes first: who may not see it learns nothing, not even whether the member exists.
  const task = input.dataType === 'task' ? await q.findTaskAnywhere(db, input.dataId) : null;
  if (input.dataType === 'task' && (!task || task.teamId !== auth.teamId))
    return fail('TASK_NOT_FOUND' as const);
  const found = await records.access(auth, task ? task.itemId : input.dataId);
  if (!found.ok) return found;
  const item = found.value;
  const [member] = await q.teamMemberIds(db, auth.teamId, [input.assignedId]);
  if (!member) return fail('MEMBER_NOT_FOUND' as const);
  if (task) return assignTask(deps, auth, task, item, member);
  const { added, assignedTo } = toggle(item.assignedTo, member);
  const updated = await records.touch(item.id, { assignedTo });
  if (added)
    await notifyAssigned(
      deps,
      auth,
      member,
      item.id,
      `a ${item.type}: ${itemTitle(item.type, item.data).slice(0, 80)}`,
    );
  await records.announceChanged(updated);
  return ok({ _id: item.id, assignedTo });
}

/** The team's members a record may be assigned to (and who may be a queue's caller). */
async function members(db: Db, auth: AuthContext) {
  const rows = await q.listMembers(db, auth.teamId);
  return rows.map((m) => ({
    _id: m.id,
    name: m.name || m.email,
    email: m.email,
    avatar: m.avatar,
    role: m.role,
    mayCall: m.role === 'admin' || m.permissions.includes('calls'),
  }));
}

/**
 * Who works a record or a task: a member assigned or unassigned by hand (told so when they may open
 * it), the team's members a record may be assigned to, and the records a removed member leaves
 * (asked by the teams module, which removes members but does not own `items`: ADR 048).
 */
export function createAssigneesService(deps: Deps) {
  return {
    assign: (auth: AuthContext, input: AssignInput) => assign(deps, auth, input),
    members: (auth: AuthContext) => members(deps.db, auth),

    /** How many of the team's records the member is assigned (Settings > Team, before removing them). */
    countAssigned: (tx: Db, teamId: string, userId: string) => aq.countAssignedItems(tx, teamId, userId),

    /** The member's records go to `assignees`, in the caller's transaction; answers how many moved. */
    reassign: (tx: Db, teamId: string, userId: string, assignees: string[]) =>
      aq.reassignItems(tx, teamId, userId, assignees),
  };
}
