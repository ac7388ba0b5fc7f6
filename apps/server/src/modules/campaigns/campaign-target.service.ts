import { templateFieldSources, templateFieldUses, type countMissingFields } from '@prospector/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { bulkAudience, listTeamStatuses, seesAllData, templateFieldsSeenBy } from '../records/index.js';
import { loadCampaignTemplates } from '../templates/index.js';
import * as q from './campaigns.queries.js';

type MissingFieldsInput = z.infer<NonNullable<(typeof countMissingFields)['body']>>;
type MissingFields = z.infer<(typeof countMissingFields)['response']>;

/** Who a campaign may text (the builder's filters); an 'Only assigned' member reaches only their contacts. */
export function campaignTarget(
  auth: AuthContext,
  listIds: string[],
  lastContactedAt: string | null,
  statusIds: string[] | null = null,
  audience: q.Audience = null,
): q.Target {
  return {
    teamId: auth.teamId,
    listIds: audience ? [] : listIds,
    audience,
    statusIds,
    lastContactedAt: lastContactedAt ? new Date(lastContactedAt) : null,
    assignedTo: seesAllData(auth) ? null : auth.userId,
  };
}

/**
 * The audience of a campaign opened from a selection (ADR 037 addendum): null without one, 'unknown'
 * when the job is not a finished campaign job the caller may use.
 */
export async function audienceOf(db: Db, auth: AuthContext, jobId: string | null) {
  if (!jobId) return null;
  return (await bulkAudience(db, auth, jobId)) ?? ('unknown' as const);
}

/** An unknown audience counts no one (the launch refuses it). */
const countable = (a: q.Audience | 'unknown'): q.Audience => (a === 'unknown' ? 'nobody' : a);

/** The builder's counts over its target: contacts per status, and the fields its templates need. */
export function createCampaignTargetService(deps: { db: Db }) {
  const { db } = deps;

  /**
   * The custom fields of contacts and properties the caller sees (a template names them by name): a
   * field of a section limited to others counts as missing on every recipient, as it renders (ADR 031).
   */
  const customFields = (auth: AuthContext) =>
    templateFieldsSeenBy(db, auth.teamId, {
      id: auth.userId,
      role: auth.user.role,
      permissions: auth.user.permissions,
    });

  return {
    /** Contacts of the target per status (the builder's picker); every status is listed, 0 included. */
    async countItems(
      auth: AuthContext,
      input: { listIds: string[]; lastContactedAt: string | null; audienceJobId: string | null },
    ) {
      const audience = countable(await audienceOf(db, auth, input.audienceJobId));
      const [statuses, counts] = await Promise.all([
        listTeamStatuses(db, auth.teamId),
        q.countByStatus(db, campaignTarget(auth, input.listIds, input.lastContactedAt, null, audience)),
      ]);
      const byId = new Map(counts.map((c) => [c.statusId, c.count]));
      return statuses
        .filter((s) => !s.hidden && s.text !== 'DNC' && s.text !== 'Wrong number')
        .map((s) => ({ _id: s.id, text: s.text, count: byId.get(s.id) ?? 0 }));
    },

    /**
     * How many of the recipients a launch with these filters would pick lack each field the chosen
     * groups' templates use, counted in one statement over the target.
     */
    async missingFields(auth: AuthContext, input: MissingFieldsInput): Promise<MissingFields> {
      const templates = await loadCampaignTemplates(db, auth.teamId, input.groupIds);
      const uses = templateFieldUses(templates.groups.flatMap((g) => g.templates.map((t) => t.text)));
      const custom = uses.length > 0 ? await customFields(auth) : [];
      const audience = countable(await audienceOf(db, auth, input.audienceJobId));
      const target = campaignTarget(auth, input.listIds, input.lastContactedAt, input.statuses, audience);
      const counted = await q.countMissingFields(
        db,
        target,
        uses.map((u) => templateFieldSources(u.field, custom)),
      );
      return {
        recipients: counted.total,
        fields: uses.map((u, n) => ({
          field: u.field,
          missing: counted.missing[n] ?? 0,
          covered: u.covered,
        })),
      };
    },
  };
}
