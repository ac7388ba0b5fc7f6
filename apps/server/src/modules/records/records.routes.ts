import {
  addAndMapData,
  addComment,
  addIdentifier,
  addStatus,
  addTask,
  assign,
  changeIdentifier,
  changeStatus,
  deschedule,
  editStatusText,
  getDashboard,
  getInbox,
  getItem,
  getMembers,
  getPhoneHistory,
  getStatuses,
  getTasks,
  removeStatus,
  search,
  setTaskCompleted,
  setTaskDue,
  setStatusHidden,
  setTaskText,
  unlinkItems,
  updateItem,
  updateItemPut,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

export async function recordsRoutes(app: FastifyInstance) {
  const { records, assignees, identifiers, links, thread, tasks, board, statuses } = app.services;

  route(app, getItem, async ({ auth, params }) => unwrap(await records.getItem(auth, params.id)));
  // PATCH or PUT, as the spec's client sends either (part 1 §7).
  for (const endpoint of [updateItem, updateItemPut])
    route(app, endpoint, async ({ auth, body }) => {
      const input =
        'dataId' in body
          ? { itemId: body.dataId, systemKey: body.key, value: body.val }
          : { itemId: body.itemId, fieldId: body.fieldId, value: body.data };
      return { item: unwrap(await records.updateField(auth, input)) };
    });
  route(app, getPhoneHistory, async ({ auth, params }) => ({
    phones: unwrap(await identifiers.history(auth, params.id)),
  }));
  route(app, changeStatus, async ({ auth, body }) =>
    unwrap(await records.changeStatus(auth, body.dataId, body.status)),
  );
  route(app, addIdentifier, async ({ auth, body }) => ({
    item: unwrap(await identifiers.add(auth, body.itemId, body.value)),
  }));
  route(app, changeIdentifier, async ({ auth, body }) => ({
    item: unwrap(await identifiers.change(auth, body.itemId, body.value, body.action)),
  }));
  route(app, unlinkItems, async ({ auth, body }) => {
    unwrap(await links.unlink(auth, body.parentId, body.dataId));
    return { ok: true as const };
  });
  route(app, addAndMapData, async ({ auth, body }) => {
    const { item, linked } = unwrap(await links.addAndMap(auth, body));
    return { item, linked: { _id: linked.id, existed: linked.existed } };
  });
  route(app, assign, async ({ auth, body }) => unwrap(await assignees.assign(auth, body)));
  route(app, addComment, async ({ auth, body }) => ({
    message: unwrap(
      await thread.addComment(auth, { itemId: body.dataId, body: body.body, mentions: body.mentions }),
    ),
  }));
  route(app, deschedule, async ({ auth, body }) => {
    unwrap(await thread.deschedule(auth, body.dataId, body.msgId));
    return { ok: true as const };
  });
  route(app, getStatuses, async ({ auth }) => ({ statuses: unwrap(await statuses.list(auth)) }));
  route(app, addStatus, async ({ auth, body }) => unwrap(await statuses.add(auth, body.text)));
  route(app, setStatusHidden, async ({ auth, body }) =>
    unwrap(await statuses.setHidden(auth, body._id, body.hidden)),
  );
  route(app, editStatusText, async ({ auth, body }) =>
    unwrap(await statuses.rename(auth, body._id, body.text)),
  );
  route(app, removeStatus, async ({ auth, body }) => {
    unwrap(await statuses.remove(auth, body._id));
    return { ok: true as const };
  });
  route(app, getMembers, async ({ auth }) => ({ members: await assignees.members(auth) }));

  route(app, getTasks, async ({ auth, params }) => ({ tasks: unwrap(await tasks.list(auth, params.id)) }));
  route(app, addTask, async ({ auth, body }) => ({
    task: unwrap(await tasks.add(auth, body.dataId, body.task)),
  }));
  route(app, setTaskText, async ({ auth, body }) => ({
    task: unwrap(await tasks.setText(auth, body._id, body.dataId, body.text)),
  }));
  route(app, setTaskDue, async ({ auth, body }) => ({
    task: unwrap(await tasks.setDue(auth, body._id, body.dataId, body.due)),
  }));
  route(app, setTaskCompleted, async ({ auth, body }) => ({
    task: unwrap(await tasks.setCompleted(auth, body._id, body.dataId, body.completed)),
  }));

  route(app, getInbox, async ({ auth, body }) => unwrap(await app.services.inbox.page(auth, body)));
  route(app, getDashboard, async ({ auth, body }) => board.dashboard(auth, body));
  route(app, search, async ({ auth, body }) => ({ results: await board.search(auth, body.text, body.type) }));
}
