import { z } from 'zod';
import { messages } from '../../messages.js';
import { defineEndpoint } from '../endpoint.js';
import {
  GROUP_NAME_MAX,
  GROUP_NAME_MIN,
  QUICK_REPLY_MIN_LENGTH,
  TEMPLATE_MIN_LENGTH,
} from '../../rules/templates.js';
import { text } from '../text.js';

export const templateGroupDto = z.object({ _id: text(), name: text(), count: z.number().int() });
export type TemplateGroupDto = z.infer<typeof templateGroupDto>;

export const templateDto = z.object({
  _id: text(),
  text: text(),
  /** '' means unused (no group). */
  groupId: text(),
  blockedCount: z.number().int(),
});
export type TemplateDto = z.infer<typeof templateDto>;

export const subtemplateDto = z.object({ _id: text(), name: text(), values: z.array(text()) });
export type SubtemplateDto = z.infer<typeof subtemplateDto>;

export const quickReplyDto = z.object({ _id: text(), title: text(), text: text() });
export type QuickReplyDto = z.infer<typeof quickReplyDto>;

/** Everything the Templates screens and the editor need, with the field names `**Field**` may use. */
export const getTemplates = defineEndpoint({
  method: 'GET',
  path: '/api/templates',
  auth: true,
  response: z.object({
    groups: z.array(templateGroupDto),
    templates: z.array(templateDto),
    subTemplates: z.array(subtemplateDto),
    quickReplies: z.array(quickReplyDto),
    /** Field names usable as `**Field**`: the template fields plus the team's contact and property custom fields. */
    fields: z.array(text()),
  }),
});

const t = messages.templates;
const groupName = text()
  .trim()
  .min(GROUP_NAME_MIN, { message: t.groupNameLength })
  .max(GROUP_NAME_MAX, { message: t.groupNameLength });
const templateText = text().trim().min(TEMPLATE_MIN_LENGTH, { message: t.templateTooShort }).max(1600);
const replyText = text().trim().min(QUICK_REPLY_MIN_LENGTH, { message: t.replyTooShort }).max(1600);
const id = z.uuid();

export const addGroup = defineEndpoint({
  method: 'PUT',
  path: '/api/templates/addGroup',
  auth: true,
  body: z.object({ name: groupName }),
  response: templateGroupDto,
});

export const editGroupName = defineEndpoint({
  method: 'PATCH',
  path: '/api/templates/editGroupName',
  auth: true,
  body: z.object({ groupId: id, name: groupName }),
  response: templateGroupDto,
});

/** Its templates become unused. */
export const removeGroup = defineEndpoint({
  method: 'PATCH',
  path: '/api/templates/removeGroup',
  auth: true,
  body: z.object({ groupId: id }),
  response: z.object({ ok: z.literal(true) }),
});

/** groupId '' adds an unused template. Placeholders must name a field or subtemplate. */
export const addTemplate = defineEndpoint({
  method: 'PUT',
  path: '/api/templates/addTemplate',
  auth: true,
  body: z.object({ text: templateText, groupId: z.union([id, z.literal('')]).default('') }),
  response: templateDto,
});

/** Editing resets blockedCount to 0. */
export const editTemplate = defineEndpoint({
  method: 'PATCH',
  path: '/api/templates/editTemplate',
  auth: true,
  body: z.object({ template: z.object({ _id: id, text: templateText }) }),
  response: templateDto,
});

export const addToGroup = defineEndpoint({
  method: 'PATCH',
  path: '/api/templates/addToGroup',
  auth: true,
  body: z.object({ groupId: z.union([id, z.literal('')]), tempId: id }),
  response: templateDto,
});

export const removeTemplate = defineEndpoint({
  method: 'PATCH',
  path: '/api/templates/removeTemplate',
  auth: true,
  body: z.object({ _id: id }),
  response: z.object({ ok: z.literal(true) }),
});

const subName = text().trim().min(1, { message: t.subtemplateName }).max(40);
const subValues = z.array(text().max(500)).max(100);

/** Empty values are dropped; a new subtemplate needs at least one. */
export const addSubTemplate = defineEndpoint({
  method: 'PUT',
  path: '/api/templates/addSubTemplate',
  auth: true,
  body: z.object({ name: subName, values: subValues }),
  response: subtemplateDto,
});

/** An existing subtemplate left without values is removed instead of saved (`removed: true`). */
export const editSubTemplate = defineEndpoint({
  method: 'PUT',
  path: '/api/templates/editSubTemplate',
  auth: true,
  body: z.object({ _id: id, name: subName, values: subValues }),
  response: z.object({ subTemplate: subtemplateDto.nullable(), removed: z.boolean() }),
});

export const removeSubTemplate = defineEndpoint({
  method: 'PATCH',
  path: '/api/templates/removeSubTemplate',
  auth: true,
  body: z.object({ _id: id }),
  response: z.object({ ok: z.literal(true) }),
});

export const addReply = defineEndpoint({
  method: 'PUT',
  path: '/api/templates/addReply',
  auth: true,
  body: z.object({ title: text().trim().max(80).default(''), text: replyText }),
  response: quickReplyDto,
});

export const editReply = defineEndpoint({
  method: 'PATCH',
  path: '/api/templates/editReply',
  auth: true,
  body: z.object({ _id: id, title: text().trim().max(80).default(''), text: replyText }),
  response: quickReplyDto,
});

export const removeReply = defineEndpoint({
  method: 'PATCH',
  path: '/api/templates/removeReply',
  auth: true,
  body: z.object({ _id: id }),
  response: z.object({ ok: z.literal(true) }),
});
