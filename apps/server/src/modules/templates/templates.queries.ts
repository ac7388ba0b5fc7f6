import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { quickReplies, subtemplates, templateGroups, templates } from '../../db/schema/index.js';

export type GroupRow = typeof templateGroups.$inferSelect;
export type TemplateRow = typeof templates.$inferSelect;
export type SubtemplateRow = typeof subtemplates.$inferSelect;
export type QuickReplyRow = typeof quickReplies.$inferSelect;

// Creation order; the id breaks ties so two rows made in the same millisecond keep one order.

export function listGroups(db: Db, teamId: string) {
  return db
    .select()
    .from(templateGroups)
    .where(eq(templateGroups.teamId, teamId))
    .orderBy(asc(templateGroups.createdAt), asc(templateGroups.id));
}

export async function findGroup(db: Db, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(templateGroups)
    .where(and(eq(templateGroups.id, id), eq(templateGroups.teamId, teamId)));
  return row ?? null;
}

export async function insertGroup(db: Db, row: typeof templateGroups.$inferInsert) {
  const [group] = await db.insert(templateGroups).values(row).returning();
  return group!;
}

export async function renameGroup(db: Db, teamId: string, id: string, name: string) {
  const [row] = await db
    .update(templateGroups)
    .set({ name })
    .where(and(eq(templateGroups.id, id), eq(templateGroups.teamId, teamId)))
    .returning();
  return row ?? null;
}

/** Its templates become unused: the foreign key sets their group to null. */
export async function deleteGroup(db: Db, teamId: string, id: string) {
  const gone = await db
    .delete(templateGroups)
    .where(and(eq(templateGroups.id, id), eq(templateGroups.teamId, teamId)))
    .returning({ id: templateGroups.id });
  return gone.length > 0;
}

export async function countTemplates(db: Db, groupId: string) {
  const [row] = await db.select({ n: count() }).from(templates).where(eq(templates.groupId, groupId));
  return Number(row?.n ?? 0);
}

export function listTemplates(db: Db, teamId: string) {
  return db
    .select()
    .from(templates)
    .where(eq(templates.teamId, teamId))
    .orderBy(asc(templates.createdAt), asc(templates.id));
}

export async function findTemplate(db: Db, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.teamId, teamId)));
  return row ?? null;
}

export async function insertTemplate(db: Db, row: typeof templates.$inferInsert) {
  const [template] = await db.insert(templates).values(row).returning();
  return template!;
}

export async function updateTemplate(
  db: Db,
  teamId: string,
  id: string,
  set: Partial<Pick<TemplateRow, 'text' | 'groupId' | 'blockedCount' | 'updatedAt'>>,
) {
  const [row] = await db
    .update(templates)
    .set(set)
    .where(and(eq(templates.id, id), eq(templates.teamId, teamId)))
    .returning();
  return row ?? null;
}

export async function deleteTemplate(db: Db, teamId: string, id: string) {
  const gone = await db
    .delete(templates)
    .where(and(eq(templates.id, id), eq(templates.teamId, teamId)))
    .returning({ id: templates.id });
  return gone.length > 0;
}

export function listSubtemplates(db: Db, teamId: string) {
  return db
    .select()
    .from(subtemplates)
    .where(eq(subtemplates.teamId, teamId))
    .orderBy(asc(subtemplates.createdAt), asc(subtemplates.id));
}

export async function findSubtemplate(db: Db, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(subtemplates)
    .where(and(eq(subtemplates.id, id), eq(subtemplates.teamId, teamId)));
  return row ?? null;
}

/** Null when the team already has a subtemplate of that name (any case). */
export async function insertSubtemplate(db: Db, row: typeof subtemplates.$inferInsert) {
  const [sub] = await db.insert(subtemplates).values(row).onConflictDoNothing().returning();
  return sub ?? null;
}

/** 'taken' when another subtemplate of the team has the new name (any case). */
export async function updateSubtemplate(
  db: Db,
  teamId: string,
  id: string,
  set: Pick<SubtemplateRow, 'name' | 'values'>,
): Promise<SubtemplateRow | 'taken' | null> {
  try {
    const [row] = await db
      .update(subtemplates)
      .set(set)
      .where(and(eq(subtemplates.id, id), eq(subtemplates.teamId, teamId)))
      .returning();
    return row ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

export async function deleteSubtemplate(db: Db, teamId: string, id: string) {
  const gone = await db
    .delete(subtemplates)
    .where(and(eq(subtemplates.id, id), eq(subtemplates.teamId, teamId)))
    .returning({ id: subtemplates.id });
  return gone.length > 0;
}

export function listReplies(db: Db, teamId: string) {
  return db
    .select()
    .from(quickReplies)
    .where(eq(quickReplies.teamId, teamId))
    .orderBy(asc(quickReplies.createdAt), asc(quickReplies.id));
}

export async function insertReply(db: Db, row: typeof quickReplies.$inferInsert) {
  const [reply] = await db.insert(quickReplies).values(row).returning();
  return reply!;
}

export async function updateReply(
  db: Db,
  teamId: string,
  id: string,
  set: Pick<QuickReplyRow, 'title' | 'text'>,
) {
  const [row] = await db
    .update(quickReplies)
    .set(set)
    .where(and(eq(quickReplies.id, id), eq(quickReplies.teamId, teamId)))
    .returning();
  return row ?? null;
}

export async function deleteReply(db: Db, teamId: string, id: string) {
  const gone = await db
    .delete(quickReplies)
    .where(and(eq(quickReplies.id, id), eq(quickReplies.teamId, teamId)))
    .returning({ id: quickReplies.id });
  return gone.length > 0;
}

export type CampaignTemplates = {
  groups: { id: string; templates: { id: string; text: string }[] }[];
  subtemplates: { name: string; values: string[] }[];
};

/**
 * What a campaign sends from: the team's groups among `groupIds`, in that order (ids of other teams
 * or of removed groups are left out), each with its templates in creation order, and the team's
 * subtemplates.
 */
export async function loadCampaignTemplates(
  db: Db,
  teamId: string,
  groupIds: string[],
): Promise<CampaignTemplates> {
  const wanted = [...new Set(groupIds)];
  // One after the other: `db` may be the caller's transaction, a single connection.
  const groupRows = wanted.length
    ? await db
        .select({ id: templateGroups.id })
        .from(templateGroups)
        .where(and(eq(templateGroups.teamId, teamId), inArray(templateGroups.id, wanted)))
    : [];
  const templateRows = groupRows.length
    ? await db
        .select({ id: templates.id, text: templates.text, groupId: templates.groupId })
        .from(templates)
        .where(
          and(
            eq(templates.teamId, teamId),
            inArray(
              templates.groupId,
              groupRows.map((g) => g.id),
            ),
          ),
        )
        .orderBy(asc(templates.createdAt), asc(templates.id))
    : [];
  const subRows = await listSubtemplates(db, teamId);
  const found = new Set(groupRows.map((g) => g.id));
  return {
    groups: wanted
      .filter((id) => found.has(id))
      .map((id) => ({
        id,
        templates: templateRows.filter((t) => t.groupId === id).map((t) => ({ id: t.id, text: t.text })),
      })),
    subtemplates: subRows.map((s) => ({ name: s.name, values: s.values })),
  };
}

/** PostgreSQL's unique_violation, as PGlite and node-postgres report it (Drizzle wraps it in `cause`). */
function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined);
  return code(err) === '23505' || code((err as { cause?: unknown } | null)?.cause) === '23505';
}

/**
 * The part of the devices' report statement that is ours (ADR 062): each template counts its texts
 * that failed for good among the jobs in the CTE `moved` (`state`, `template_id`).
 */
export const blockedCountsOfMoves = (moved: string): SQL =>
  sql`update templates t set blocked_count = t.blocked_count + b.n
      from (select template_id, count(*)::int as n from ${sql.identifier(moved)}
        where state = 'failed' and template_id is not null group by template_id) b
      where t.id = b.template_id`;
