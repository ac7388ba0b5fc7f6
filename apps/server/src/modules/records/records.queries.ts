import { and, asc, desc, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { uuidArray } from '../../db/arrays.js';
import { linkedCompanyFields, type CompanyNameFields } from '../../db/titles.js';
import {
  entitySections,
  identifiers,
  phoneHistory,
  itemLinks,
  items,
  messages,
  notifications,
  statuses,
  tasks,
  users,
  type ItemType,
} from '../../db/schema/index.js';

export type ItemRow = typeof items.$inferSelect;
export type IdentifierRow = typeof identifiers.$inferSelect;
export type PhoneHistoryRow = typeof phoneHistory.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type StatusRow = typeof statuses.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type { Section, SectionField } from '../../db/schema/index.js';

export async function findItem(db: Db, itemId: string) {
  const [row] = await db.select().from(items).where(eq(items.id, itemId)).limit(1);
  return row ?? null;
}

export async function listStatuses(db: Db, teamId: string) {
  return db.select().from(statuses).where(eq(statuses.teamId, teamId)).orderBy(asc(statuses.position));
}

export async function insertStatuses(db: Db, rows: (typeof statuses.$inferInsert)[]) {
  return db.insert(statuses).values(rows).onConflictDoNothing().returning();
}

export async function findSections(db: Db, teamId: string, entity: ItemType) {
  const [row] = await db
    .select({ sections: entitySections.sections })
    .from(entitySections)
    .where(and(eq(entitySections.teamId, teamId), eq(entitySections.entity, entity)));
  return row?.sections ?? [];
}

/** A member of the team as the section rule reads them (ADR 031), or null when not in the team. */
export async function findSectionViewer(db: Db, teamId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, permissions: users.permissions })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.teamId, teamId)))
    .limit(1);
  return row ?? null;
}

export async function listIdentifiers(db: Db, itemId: string) {
  return db
    .select()
    .from(identifiers)
    .where(eq(identifiers.itemId, itemId))
    .orderBy(asc(identifiers.position), asc(identifiers.createdAt));
}

export async function findIdentifierByValue(db: Db, teamId: string, value: string) {
  const [row] = await db
    .select()
    .from(identifiers)
    .where(and(eq(identifiers.teamId, teamId), eq(identifiers.value, value)));
  return row ?? null;
}

export async function insertIdentifier(db: Db, row: typeof identifiers.$inferInsert) {
  const [idt] = await db.insert(identifiers).values(row).returning();
  return idt!;
}

/** Replaces the primary flag and statuses of an item's identifiers with the given ones. */
export async function saveIdentifierStates(db: Db, rows: Pick<IdentifierRow, 'id' | 'primary' | 'status'>[]) {
  for (const r of rows)
    await db
      .update(identifiers)
      .set({ primary: r.primary, status: r.status })
      .where(eq(identifiers.id, r.id));
}

export async function updateItem(
  db: Db,
  itemId: string,
  set: { [K in keyof typeof items.$inferInsert]?: (typeof items.$inferInsert)[K] | SQL },
) {
  const [row] = await db.update(items).set(set).where(eq(items.id, itemId)).returning();
  return row!;
}

/** The records linked to one, oldest first (a contact's first company is the one it is titled by). */
export async function linkedSummaries(db: Db, itemId: string) {
  return db
    .select({
      id: items.id,
      type: items.type,
      data: items.data,
      assignedTo: items.assignedTo,
      statusText: statuses.text,
      company: sql<CompanyNameFields>`${linkedCompanyFields('items')}`,
    })
    .from(itemLinks)
    .innerJoin(items, eq(items.id, itemLinks.toId))
    .leftJoin(statuses, eq(statuses.id, items.statusId))
    .where(eq(itemLinks.fromId, itemId))
    .orderBy(asc(items.createdAt), asc(items.id))
    .limit(200);
}

export async function primaryValues(db: Db, itemIds: string[]) {
  if (itemIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ itemId: identifiers.itemId, value: identifiers.value })
    .from(identifiers)
    .where(and(inArray(identifiers.itemId, itemIds), eq(identifiers.primary, true)));
  return new Map(rows.map((r) => [r.itemId, r.value]));
}

export async function deleteLink(db: Db, a: string, b: string) {
  await db
    .delete(itemLinks)
    .where(
      or(
        and(eq(itemLinks.fromId, a), eq(itemLinks.toId, b)),
        and(eq(itemLinks.fromId, b), eq(itemLinks.toId, a)),
      ),
    );
}

export async function unreadCountForItem(db: Db, userId: string, itemId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), eq(notifications.targetId, itemId), not(notifications.read)),
    );
  return row?.n ?? 0;
}

export async function listMessages(db: Db, itemId: string, limit = 500) {
  const rows = await db
    .select({
      message: messages,
      senderName: users.name,
      senderEmail: users.email,
      senderAvatar: users.avatar,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.itemId, itemId))
    .orderBy(desc(messages.createdAt))
    .limit(limit);
  return rows.reverse();
}

export async function insertMessage(db: Db, row: typeof messages.$inferInsert) {
  const [m] = await db.insert(messages).values(row).returning();
  return m!;
}

export async function findMessage(db: Db, itemId: string, messageId: string) {
  const [m] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.itemId, itemId)));
  return m ?? null;
}

export async function deleteMessage(db: Db, messageId: string) {
  await db.delete(messages).where(eq(messages.id, messageId));
}

export async function listTasks(db: Db, itemId: string, openOnly: boolean) {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.itemId, itemId), openOnly ? eq(tasks.completed, false) : undefined))
    .orderBy(sql`${tasks.due} asc nulls last`, asc(tasks.createdAt));
}

export async function findTask(db: Db, taskId: string, itemId: string) {
  const [t] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.itemId, itemId)));
  return t ?? null;
}

export async function insertTask(db: Db, row: typeof tasks.$inferInsert) {
  const [t] = await db.insert(tasks).values(row).returning();
  return t!;
}

export async function updateTask(db: Db, taskId: string, set: Partial<typeof tasks.$inferInsert>) {
  const [t] = await db.update(tasks).set(set).where(eq(tasks.id, taskId)).returning();
  return t!;
}

/** Keeps the board's sort keys (open task count, first open due) in step with the item's tasks. */
export async function refreshTaskKeys(db: Db, itemId: string, now: Date) {
  await db.execute(sql`
    update items set
      open_task_count = (select count(*) from tasks t where t.item_id = ${itemId} and not t.completed and t.text <> ''),
      first_open_task_due = (select min(t.due) from tasks t where t.item_id = ${itemId} and not t.completed and t.text <> ''),
      last_activity_at = ${now.toISOString()}::timestamptz
    where id = ${itemId}`);
}

export async function teamMemberIds(db: Db, teamId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.teamId, teamId), inArray(users.id, ids)));
  return rows.map((r) => r.id);
}

/** Of these ids, the team's members, with what decides which records they may read. */
export async function teamMembersAccess(db: Db, teamId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, role: users.role, dataAccess: users.dataAccess })
    .from(users)
    .where(and(eq(users.teamId, teamId), inArray(users.id, ids)));
}

export async function listMembers(db: Db, teamId: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      avatar: users.avatar,
      role: users.role,
      permissions: users.permissions,
    })
    .from(users)
    .where(eq(users.teamId, teamId))
    .orderBy(asc(users.name), asc(users.email));
}

export type AccessFilter = { teamId: string; onlyAssignedTo: string | null };

export function accessWhere(f: AccessFilter): SQL {
  return and(
    eq(items.teamId, f.teamId),
    f.onlyAssignedTo ? sql`${items.assignedTo} @> array[${f.onlyAssignedTo}]::uuid[]` : undefined,
  )!;
}

export async function findTaskAnywhere(db: Db, taskId: string) {
  const [t] = await db.select().from(tasks).where(eq(tasks.id, taskId));
  return t ?? null;
}

export async function insertItem(db: Db, row: typeof items.$inferInsert) {
  const [item] = await db.insert(items).values(row).returning();
  return item!;
}

/** Links two records both ways (a contact lists its properties, the property its contacts). */
export async function insertLink(db: Db, teamId: string, a: string, b: string) {
  await db
    .insert(itemLinks)
    .values([
      { teamId, fromId: a, toId: b },
      { teamId, fromId: b, toId: a },
    ])
    .onConflictDoNothing();
}

export async function updateMessage(db: Db, messageId: string, set: Partial<typeof messages.$inferInsert>) {
  await db.update(messages).set(set).where(eq(messages.id, messageId));
}

export async function setIdentifierSentFrom(db: Db, identifierId: string, sentFrom: string) {
  await db.update(identifiers).set({ sentFrom }).where(eq(identifiers.id, identifierId));
}

/** Whether the team has members who read only their assigned records (realtime asks before each fan-out). */
export async function hasRestrictedMembers(db: Db, teamId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.dataAccess, 'Only assigned'), not(eq(users.role, 'admin'))))
    .limit(1);
  return row !== undefined;
}

/** The 'Only assigned' members assigned to each of the records. */
export async function restrictedReaders(db: Db, teamId: string, itemIds: readonly string[]) {
  return queryRows<{ itemId: string; userId: string }>(
    db,
    sql`select i.id as "itemId", u.id as "userId"
        from items i join users u on u.id = any(i.assigned_to)
        where i.team_id = ${teamId} and i.id = any(${uuidArray(itemIds)})
          and u.team_id = ${teamId} and u.role <> 'admin' and u.data_access = 'Only assigned'`,
  );
}

/** The whole thread of a record, oldest first (Push to CRM sends all of it). */
export function listThread(db: Db, itemId: string) {
  return db.select().from(messages).where(eq(messages.itemId, itemId)).orderBy(asc(messages.createdAt));
}

/** The history of these phones of a team, oldest first (append-only: written by triggers, ADR 038). */
export async function phoneHistoryOf(db: Db, teamId: string, values: string[]) {
  if (values.length === 0) return [];
  return db
    .select()
    .from(phoneHistory)
    .where(and(eq(phoneHistory.teamId, teamId), inArray(phoneHistory.value, values)))
    .orderBy(asc(phoneHistory.id));
}
