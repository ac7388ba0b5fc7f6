import {
  addGroup,
  addReply,
  addSubTemplate,
  addTemplate,
  addToGroup,
  editGroupName,
  editReply,
  editSubTemplate,
  editTemplate,
  getTemplates,
  removeGroup,
  removeReply,
  removeSubTemplate,
  removeTemplate,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

/** Template Settings: groups, templates, subtemplates and quick replies of the caller's team. */
export async function templatesRoutes(app: FastifyInstance) {
  const { templates } = app.services;

  route(app, getTemplates, async ({ auth }) => templates.list(auth));

  route(app, addGroup, async ({ auth, body }) => unwrap(await templates.addGroup(auth, body.name)));
  route(app, editGroupName, async ({ auth, body }) =>
    unwrap(await templates.editGroupName(auth, body.groupId, body.name)),
  );
  route(app, removeGroup, async ({ auth, body }) => unwrap(await templates.removeGroup(auth, body.groupId)));

  route(app, addTemplate, async ({ auth, body }) => unwrap(await templates.addTemplate(auth, body)));
  route(app, editTemplate, async ({ auth, body }) =>
    unwrap(await templates.editTemplate(auth, { id: body.template._id, text: body.template.text })),
  );
  route(app, addToGroup, async ({ auth, body }) =>
    unwrap(await templates.addToGroup(auth, { groupId: body.groupId, templateId: body.tempId })),
  );
  route(app, removeTemplate, async ({ auth, body }) =>
    unwrap(await templates.removeTemplate(auth, body._id)),
  );

  route(app, addSubTemplate, async ({ auth, body }) => unwrap(await templates.addSubtemplate(auth, body)));
  route(app, editSubTemplate, async ({ auth, body }) =>
    unwrap(await templates.editSubtemplate(auth, { id: body._id, name: body.name, values: body.values })),
  );
  route(app, removeSubTemplate, async ({ auth, body }) =>
    unwrap(await templates.removeSubtemplate(auth, body._id)),
  );

  route(app, addReply, async ({ auth, body }) => unwrap(await templates.addReply(auth, body)));
  route(app, editReply, async ({ auth, body }) =>
    unwrap(await templates.editReply(auth, { id: body._id, title: body.title, text: body.text })),
  );
  route(app, removeReply, async ({ auth, body }) => unwrap(await templates.removeReply(auth, body._id)));
}
