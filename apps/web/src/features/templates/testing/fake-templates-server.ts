import type { QuickReplyDto, SubtemplateDto, TemplateDto } from '@prospector/core';
import { TEMPLATE_FIELDS, cleanSubtemplateValues, templateProblem } from '@prospector/core';
import type { FakeRequest, FakeRoute } from '../../../test/fake-api';

type Group = { _id: string; name: string };

export type TemplatesState = {
  groups: Group[];
  templates: TemplateDto[];
  subTemplates: SubtemplateDto[];
  quickReplies: QuickReplyDto[];
  fields: string[];
};

let sequence = 0;
/** Ids shaped like the server's uuids, in order, so tests can tell which is new. */
export const fakeId = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

export function buildTemplate(overrides: Partial<TemplateDto> = {}): TemplateDto {
  return {
    _id: fakeId(),
    text: 'Hi **First name**, are you selling?',
    groupId: '',
    blockedCount: 0,
    ...overrides,
  };
}

const ok = (body: unknown) => ({ status: 200, body });
const refused = (message: string) => ({ status: 400, body: { code: 'BAD_REQUEST', message } });
const bodyOf = <T>(request: FakeRequest) => request.body as T;

/**
 * The templates endpoints over an in-memory team, answering as the server's contract says: groups carry
 * their template count, removing a group leaves its templates unused, an edit that leaves a subtemplate
 * without options removes it. Tests read and change `state` directly (a teammate's change).
 */
export function fakeTemplatesServer(initial: Partial<TemplatesState> = {}) {
  const state: TemplatesState = {
    groups: [],
    templates: [],
    subTemplates: [],
    quickReplies: [],
    fields: [...TEMPLATE_FIELDS],
    ...initial,
  };
  const countOf = (g: Group) => ({ ...g, count: state.templates.filter((t) => t.groupId === g._id).length });
  const read = () => ({ ...state, groups: state.groups.map(countOf) });
  const checkText = (text: string) =>
    templateProblem(text, { fields: state.fields, subtemplates: state.subTemplates.map((s) => s.name) });

  const routes: Record<string, FakeRoute> = {
    'GET /api/templates': () => ok(read()),
    'PUT /api/templates/addGroup': (r) => {
      const group = { _id: fakeId(), name: bodyOf<{ name: string }>(r).name };
      state.groups.push(group);
      return ok(countOf(group));
    },
    'PATCH /api/templates/editGroupName': (r) => {
      const { groupId, name } = bodyOf<{ groupId: string; name: string }>(r);
      state.groups = state.groups.map((g) => (g._id === groupId ? { ...g, name } : g));
      return ok(countOf(state.groups.find((g) => g._id === groupId)!));
    },
    'PATCH /api/templates/removeGroup': (r) => {
      const { groupId } = bodyOf<{ groupId: string }>(r);
      state.groups = state.groups.filter((g) => g._id !== groupId);
      state.templates = state.templates.map((t) => (t.groupId === groupId ? { ...t, groupId: '' } : t));
      return ok({ ok: true });
    },
    'PUT /api/templates/addTemplate': (r) => {
      const { text, groupId } = bodyOf<{ text: string; groupId: string }>(r);
      const problem = checkText(text);
      if (problem) return refused(problem);
      const template = buildTemplate({ text, groupId });
      state.templates.push(template);
      return ok(template);
    },
    'PATCH /api/templates/editTemplate': (r) => {
      const { template } = bodyOf<{ template: { _id: string; text: string } }>(r);
      const problem = checkText(template.text);
      if (problem) return refused(problem);
      state.templates = state.templates.map((t) =>
        t._id === template._id ? { ...t, text: template.text, blockedCount: 0 } : t,
      );
      return ok(state.templates.find((t) => t._id === template._id));
    },
    'PATCH /api/templates/addToGroup': (r) => {
      const { tempId, groupId } = bodyOf<{ tempId: string; groupId: string }>(r);
      state.templates = state.templates.map((t) => (t._id === tempId ? { ...t, groupId } : t));
      return ok(state.templates.find((t) => t._id === tempId));
    },
    'PATCH /api/templates/removeTemplate': (r) => {
      state.templates = state.templates.filter((t) => t._id !== bodyOf<{ _id: string }>(r)._id);
      return ok({ ok: true });
    },
    'PUT /api/templates/addSubTemplate': (r) => {
      const { name, values } = bodyOf<{ name: string; values: string[] }>(r);
      const sub = { _id: fakeId(), name, values: cleanSubtemplateValues(values) };
      state.subTemplates.push(sub);
      return ok(sub);
    },
    'PUT /api/templates/editSubTemplate': (r) => {
      const { _id, name, values } = bodyOf<SubtemplateDto>(r);
      const kept = cleanSubtemplateValues(values);
      if (kept.length === 0) {
        state.subTemplates = state.subTemplates.filter((s) => s._id !== _id);
        return ok({ subTemplate: null, removed: true });
      }
      const sub = { _id, name, values: kept };
      state.subTemplates = state.subTemplates.map((s) => (s._id === _id ? sub : s));
      return ok({ subTemplate: sub, removed: false });
    },
    'PATCH /api/templates/removeSubTemplate': (r) => {
      state.subTemplates = state.subTemplates.filter((s) => s._id !== bodyOf<{ _id: string }>(r)._id);
      return ok({ ok: true });
    },
    'PUT /api/templates/addReply': (r) => {
      const reply = { _id: fakeId(), ...bodyOf<{ title: string; text: string }>(r) };
      state.quickReplies.push(reply);
      return ok(reply);
    },
    'PATCH /api/templates/editReply': (r) => {
      const reply = bodyOf<QuickReplyDto>(r);
      state.quickReplies = state.quickReplies.map((q) => (q._id === reply._id ? reply : q));
      return ok(reply);
    },
    'PATCH /api/templates/removeReply': (r) => {
      state.quickReplies = state.quickReplies.filter((q) => q._id !== bodyOf<{ _id: string }>(r)._id);
      return ok({ ok: true });
    },
  };
  return { state, routes };
}
