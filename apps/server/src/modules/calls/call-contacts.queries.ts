import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { identifiers, items, teams, userCallSettings, users } from '../../db/schema/index.js';

/* The records and members as calls read them (records and teams own them; calls only read). */

/** A contact's name as the dialler shows it (first and last). */
export const nameOf = sql<string>`trim(coalesce("items"."data"->>'First name', '') || ' ' || coalesce("items"."data"->>'Last name', ''))`;
/** The number a record is called on: its primary phone, else its first phone. */
export const phoneOf = (column: 'value' | 'status') =>
  // "items"."id" spelled out: drizzle drops the table name in a one-table select, which would bind to i.id.
  sql`(select i.${sql.identifier(column)} from ${identifiers} i where i.item_id = "items"."id" and not i.is_email order by i."primary" desc, i.position, i.created_at limit 1)`;

export async function findContact(db: Db, teamId: string, itemId: string) {
  const [row] = await db
    .select({
      id: items.id,
      name: nameOf,
      statusId: items.statusId,
      assignedTo: items.assignedTo,
      phone: phoneOf('value').mapWith(String),
      phoneStatus: phoneOf('status').mapWith(String),
      addressState: sql<string | null>`${items.data}->>'State'`,
    })
    .from(items)
    .where(and(eq(items.teamId, teamId), eq(items.id, itemId), eq(items.type, 'contact')));
  return (row ?? null) as null | {
    id: string;
    name: string;
    statusId: string | null;
    assignedTo: string[];
    phone: string | null;
    phoneStatus: '' | 'DNC' | 'Wrong #' | null;
    addressState: string | null;
  };
}

/** The contact a number belongs to in a team (an inbound call's caller): the oldest if several. */
export async function findContactByPhone(db: Db, teamId: string, phone: string) {
  const [row] = await db
    .select({ itemId: identifiers.itemId })
    .from(identifiers)
    .innerJoin(items, eq(items.id, identifiers.itemId))
    .where(and(eq(identifiers.teamId, teamId), eq(identifiers.value, phone), eq(items.type, 'contact')))
    .orderBy(asc(items.createdAt))
    .limit(1);
  return row?.itemId ?? null;
}

/** A team contact's phone, at random (the simulated line's caller). */
export async function randomContactPhone(db: Db, teamId: string) {
  const [row] = await db
    .select({ value: identifiers.value })
    .from(identifiers)
    .innerJoin(items, eq(items.id, identifiers.itemId))
    .where(
      and(
        eq(identifiers.teamId, teamId),
        eq(identifiers.isEmail, false),
        eq(identifiers.status, ''),
        eq(items.type, 'contact'),
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);
  return row?.value ?? null;
}

/** The team's members as an inbound call sees them: role, phone and forwarding settings. */
export async function inboundMembers(db: Db, teamId: string) {
  return db
    .select({
      id: users.id,
      role: users.role,
      dataAccess: users.dataAccess,
      phone: users.phone,
      forwardOnly: sql<boolean>`coalesce(${userCallSettings.forwardOnly}, false)`.mapWith(Boolean),
      forwardNumber: userCallSettings.forwardNumber,
    })
    .from(users)
    .leftJoin(userCallSettings, eq(userCallSettings.userId, users.id))
    .where(eq(users.teamId, teamId))
    .orderBy(asc(users.createdAt));
}

/** The team's admins (its owner included), oldest first: who hears of a missed call nobody is assigned. */
export async function teamAdmins(db: Db, teamId: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.role, 'admin')))
    .orderBy(asc(users.createdAt));
  return rows.map((r) => r.id);
}

/** Members who may call: the admin and those with the calls permission, oldest first. */
export async function teamCallers(db: Db, teamId: string) {
  const rows = await db
    .select({ id: users.id, role: users.role, permissions: users.permissions, dataAccess: users.dataAccess })
    .from(users)
    .where(eq(users.teamId, teamId))
    .orderBy(asc(users.createdAt));
  return rows.filter((u) => u.role === 'admin' || u.permissions.includes('calls'));
}

export async function findUsers(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email, avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, ids));
}

/** The team's own texting and calling hours (ADR 038); nulls keep the law's. */
export async function teamContactHours(db: Db, teamId: string) {
  const [t] = await db
    .select({ startHour: teams.contactStartHour, endHour: teams.contactEndHour })
    .from(teams)
    .where(eq(teams.id, teamId));
  return t ?? null;
}

export async function teamTimezone(db: Db, teamId: string) {
  const [t] = await db.select({ tz: teams.timezone }).from(teams).where(eq(teams.id, teamId));
  return t?.tz ?? null;
}
