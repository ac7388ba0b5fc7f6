import {
  can,
  cleanSubtemplateValues,
  TEMPLATE_FIELDS,
  templateProblem,
  type QuickReplyDto,
  type SubtemplateDto,
  type TemplateDto,
  type TemplateGroupDto,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { Realtime } from '../../plugins/realtime.js';
import { findSections } from '../records/index.js';
import type { TemplatesErrorCode } from './templates.errors.js';
import * as q from './templates.queries.js';

type R<T> = Promise<Result<T, TemplatesErrorCode>>;
type SubtemplateEdit = { subTemplate: SubtemplateDto | null; removed: boolean };

/** Field names a template may use as `**Field**`: the template fields, then the team's contact and property custom fields. */
export async function templateFieldNames(db: Db, teamId: string): Promise<string[]> {
  const custom = [
    ...(await findSections(db, teamId, 'contact')),
    ...(await findSections(db, teamId, 'property')),
  ].flatMap((s) => s.fields.filter((f) => !f.system).map((f) => f.name.trim()));
  const seen = new Set<string>();
  return [...TEMPLATE_FIELDS, ...custom].filter((name) => {
    const key = name.toLowerCase();
    if (!name || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The statement part that counts the texts that failed for good on each template, among the device jobs
 * in the CTE named `moved`: the devices' report statement stays one statement (ADR 062).
 */
export const blockedCountsOfMoves = (moved: string) => q.blockedCountsOfMoves(moved);

export type CampaignTemplates = q.CampaignTemplates;

/** What a campaign sends from: the chosen groups' templates and the team's subtemplates (see the query). */
export function loadCampaignTemplates(
  db: Db,
  teamId: string,
  groupIds: string[],
): Promise<CampaignTemplates> {
  return q.loadCampaignTemplates(db, teamId, groupIds);
}

const groupDto = (g: q.GroupRow, count: number): TemplateGroupDto => ({ _id: g.id, name: g.name, count });
const templateDto = (t: q.TemplateRow): TemplateDto => ({
  _id: t.id,
  text: t.text,
  groupId: t.groupId ?? '',
  blockedCount: t.blockedCount,
});
const subtemplateDto = (s: q.SubtemplateRow): SubtemplateDto => ({
  _id: s.id,
  name: s.name,
  values: s.values,
});
const replyDto = (r: q.QuickReplyRow): QuickReplyDto => ({ _id: r.id, title: r.title, text: r.text });

/** Templates may be changed by admins and 'templates'; quick replies also by those who text ('sms'). */
const mayEditTemplates = (auth: AuthContext) => can(auth.user, 'templates');
const mayEditReplies = (auth: AuthContext) => can(auth.user, 'templates') || can(auth.user, 'sms');

/** SMS templates, their groups, subtemplates and quick replies of a team (spec part 2 §2 Templates). */
export function createTemplatesService(deps: { db: Db; clock: Clock; realtime: () => Realtime }) {
  const { db, clock } = deps;

  /** Every change goes through here: the permission first, then `templatesChanged` when it worked. */
  async function change<T>(auth: AuthContext, permitted: boolean, run: () => R<T>): R<T> {
    if (!permitted) return fail('PERMISSION_REQUIRED');
    const result = await run();
    if (result.ok) deps.realtime().toTeam(auth.teamId, 'templatesChanged', {});
    return result;
  }

  /** templateProblem's text when a placeholder names no field or subtemplate of the team. */
  async function textProblem(teamId: string, text: string) {
    const [fields, subs] = await Promise.all([
      templateFieldNames(db, teamId),
      q.listSubtemplates(db, teamId),
    ]);
    return templateProblem(text, { fields, subtemplates: subs.map((s) => s.name) });
  }

  /** '' means no group; any other id must be a group of the team. */
  async function groupOrNone(teamId: string, groupId: string): R<string | null> {
    if (groupId === '') return ok(null);
    const group = await q.findGroup(db, teamId, groupId);
    return group ? ok(group.id) : fail('TEMPLATE_GROUP_NOT_FOUND');
  }

  return {
    async list(auth: AuthContext) {
      const [groups, templates, subs, replies, fields] = await Promise.all([
        q.listGroups(db, auth.teamId),
        q.listTemplates(db, auth.teamId),
        q.listSubtemplates(db, auth.teamId),
        q.listReplies(db, auth.teamId),
        templateFieldNames(db, auth.teamId),
      ]);
      const counts = new Map<string, number>();
      for (const t of templates) if (t.groupId) counts.set(t.groupId, (counts.get(t.groupId) ?? 0) + 1);
      return {
        groups: groups.map((g) => groupDto(g, counts.get(g.id) ?? 0)),
        templates: templates.map(templateDto),
        subTemplates: subs.map(subtemplateDto),
        quickReplies: replies.map(replyDto),
        fields,
      };
    },

    addGroup: (auth: AuthContext, name: string): R<TemplateGroupDto> =>
      change(auth, mayEditTemplates(auth), async () => {
        const group = await q.insertGroup(db, { teamId: auth.teamId, name, createdAt: clock.now() });
        return ok(groupDto(group, 0));
      }),

    editGroupName: (auth: AuthContext, groupId: string, name: string): R<TemplateGroupDto> =>
      change(auth, mayEditTemplates(auth), async () => {
        const group = await q.renameGroup(db, auth.teamId, groupId, name);
        if (!group) return fail('TEMPLATE_GROUP_NOT_FOUND');
        return ok(groupDto(group, await q.countTemplates(db, group.id)));
      }),

    /** Its templates stay, unused. */
    removeGroup: (auth: AuthContext, groupId: string): R<{ ok: true }> =>
      change(auth, mayEditTemplates(auth), async () =>
        (await q.deleteGroup(db, auth.teamId, groupId))
          ? ok({ ok: true as const })
          : fail('TEMPLATE_GROUP_NOT_FOUND'),
      ),

    addTemplate: (auth: AuthContext, input: { text: string; groupId: string }): R<TemplateDto> =>
      change(auth, mayEditTemplates(auth), async () => {
        const groupId = await groupOrNone(auth.teamId, input.groupId);
        if (!groupId.ok) return groupId;
        const problem = await textProblem(auth.teamId, input.text);
        if (problem) return fail('TEMPLATE_INVALID', problem);
        const now = clock.now();
        const template = await q.insertTemplate(db, {
          teamId: auth.teamId,
          groupId: groupId.value,
          text: input.text,
          createdAt: now,
          updatedAt: now,
        });
        return ok(templateDto(template));
      }),

    /** A new text starts its carrier record afresh: blockedCount goes back to 0. */
    editTemplate: (auth: AuthContext, input: { id: string; text: string }): R<TemplateDto> =>
      change(auth, mayEditTemplates(auth), async () => {
        if (!(await q.findTemplate(db, auth.teamId, input.id))) return fail('TEMPLATE_NOT_FOUND');
        const problem = await textProblem(auth.teamId, input.text);
        if (problem) return fail('TEMPLATE_INVALID', problem);
        const template = await q.updateTemplate(db, auth.teamId, input.id, {
          text: input.text,
          blockedCount: 0,
          updatedAt: clock.now(),
        });
        return template ? ok(templateDto(template)) : fail('TEMPLATE_NOT_FOUND');
      }),

    addToGroup: (auth: AuthContext, input: { groupId: string; templateId: string }): R<TemplateDto> =>
      change(auth, mayEditTemplates(auth), async () => {
        const groupId = await groupOrNone(auth.teamId, input.groupId);
        if (!groupId.ok) return groupId;
        const template = await q.updateTemplate(db, auth.teamId, input.templateId, {
          groupId: groupId.value,
          updatedAt: clock.now(),
        });
        return template ? ok(templateDto(template)) : fail('TEMPLATE_NOT_FOUND');
      }),

    removeTemplate: (auth: AuthContext, id: string): R<{ ok: true }> =>
      change(auth, mayEditTemplates(auth), async () =>
        (await q.deleteTemplate(db, auth.teamId, id))
          ? ok({ ok: true as const })
          : fail('TEMPLATE_NOT_FOUND'),
      ),

    /** Empty options are dropped; a new subtemplate needs one at least. Names are unique in any case. */
    addSubtemplate: (auth: AuthContext, input: { name: string; values: string[] }): R<SubtemplateDto> =>
      change(auth, mayEditTemplates(auth), async () => {
        const values = cleanSubtemplateValues(input.values);
        if (values.length === 0) return fail('SUBTEMPLATE_NO_VALUES');
        const sub = await q.insertSubtemplate(db, {
          teamId: auth.teamId,
          name: input.name,
          values,
          createdAt: clock.now(),
        });
        return sub ? ok(subtemplateDto(sub)) : fail('SUBTEMPLATE_EXISTS');
      }),

    /**
     * An edit that leaves no options removes the subtemplate instead (spec part 2 §5). Templates that
     * name a renamed or removed subtemplate are kept: campaigns skip recipients they cannot render.
     */
    editSubtemplate: (
      auth: AuthContext,
      input: { id: string; name: string; values: string[] },
    ): R<SubtemplateEdit> =>
      change<SubtemplateEdit>(auth, mayEditTemplates(auth), async () => {
        const values = cleanSubtemplateValues(input.values);
        if (values.length === 0)
          return (await q.deleteSubtemplate(db, auth.teamId, input.id))
            ? ok({ subTemplate: null, removed: true })
            : fail('SUBTEMPLATE_NOT_FOUND');
        const sub = await q.updateSubtemplate(db, auth.teamId, input.id, { name: input.name, values });
        if (sub === 'taken') return fail('SUBTEMPLATE_EXISTS');
        if (!sub) return fail('SUBTEMPLATE_NOT_FOUND');
        return ok({ subTemplate: subtemplateDto(sub), removed: false });
      }),

    removeSubtemplate: (auth: AuthContext, id: string): R<{ ok: true }> =>
      change(auth, mayEditTemplates(auth), async () =>
        (await q.deleteSubtemplate(db, auth.teamId, id))
          ? ok({ ok: true as const })
          : fail('SUBTEMPLATE_NOT_FOUND'),
      ),

    addReply: (auth: AuthContext, input: { title: string; text: string }): R<QuickReplyDto> =>
      change(auth, mayEditReplies(auth), async () => {
        const reply = await q.insertReply(db, { teamId: auth.teamId, ...input, createdAt: clock.now() });
        return ok(replyDto(reply));
      }),

    editReply: (auth: AuthContext, input: { id: string; title: string; text: string }): R<QuickReplyDto> =>
      change(auth, mayEditReplies(auth), async () => {
        const reply = await q.updateReply(db, auth.teamId, input.id, {
          title: input.title,
          text: input.text,
        });
        return reply ? ok(replyDto(reply)) : fail('QUICK_REPLY_NOT_FOUND');
      }),

    removeReply: (auth: AuthContext, id: string): R<{ ok: true }> =>
      change(auth, mayEditReplies(auth), async () =>
        (await q.deleteReply(db, auth.teamId, id))
          ? ok({ ok: true as const })
          : fail('QUICK_REPLY_NOT_FOUND'),
      ),
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
