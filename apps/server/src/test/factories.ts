import { itemSearchText, normalizePhone } from '@prospector/core';
import { and, eq } from 'drizzle-orm';
import { refreshTaskKeys } from '../modules/records/records.queries.js';
import type { Db } from '../db/client.js';
import {
  devices,
  identifiers,
  items,
  notifications,
  statuses,
  tasks,
  teams,
  users,
} from '../db/schema/index.js';
import type { DataAccess, PermissionKey, PlanName } from '@prospector/core';
import { bearer, loginAs, type TestApp } from './app.js';

let seq = 0;
const nextIp = () => `192.0.2.${(++seq % 250) + 1}`;

export type TestUser = { token: string; userId: string; teamId: string; headers: { authorization: string } };

/**
 * A new team with its admin, through the real login. The team is on PRO unless `plan` says otherwise,
 * so a test of another feature never meets a plan's limit (500 texts, 2 users, no DNC); the tests of
 * those limits ask for BASIC.
 */
export async function insertTeamAdmin(
  t: TestApp,
  email: string,
  name = 'Ada Admin',
  opts: { plan?: PlanName } = {},
): Promise<TestUser> {
  const s = await loginAs(t, email, nextIp());
  await t.database.db.update(users).set({ name }).where(eq(users.id, s.user._id));
  await t.database.db
    .update(teams)
    .set({ plan: opts.plan ?? 'PRO' })
    .where(eq(teams.id, s.user.team._id));
  return { token: s.token, userId: s.user._id, teamId: s.user.team._id, headers: bearer(s.token) };
}

/** A member of an existing team, then logged in through the real login. */
export async function insertMember(
  t: TestApp,
  teamId: string,
  email: string,
  opts: { name?: string; permissions?: PermissionKey[]; dataAccess?: DataAccess } = {},
): Promise<TestUser> {
  await t.database.db.insert(users).values({
    teamId,
    email,
    name: opts.name ?? email.split('@')[0]!,
    role: 'member',
    permissions: opts.permissions ?? [],
    dataAccess: opts.dataAccess ?? 'Only assigned',
  });
  const s = await loginAs(t, email, nextIp());
  return { token: s.token, userId: s.user._id, teamId, headers: bearer(s.token) };
}

export async function statusId(db: Db, teamId: string, text: string) {
  const [s] = await db
    .select()
    .from(statuses)
    .where(and(eq(statuses.teamId, teamId), eq(statuses.text, text)));
  if (!s) throw new Error(`no status ${text}`);
  return s.id;
}

type ContactInput = {
  first?: string;
  last?: string;
  data?: Record<string, string | number | boolean | null>;
  phones?: string[];
  emails?: string[];
  /** Index of the primary identifier among phones then e-mails; -1 for none. */
  primary?: number;
  status?: string;
  assignedTo?: string[];
  queued?: boolean;
  lastActivityAt?: Date;
  type?: 'contact' | 'property' | 'company';
};

/** Inserts a record with its identifiers directly, as an import would. */
export async function insertContact(db: Db, teamId: string, input: ContactInput = {}) {
  const data = {
    'First name': input.first ?? 'Test',
    'Last name': input.last ?? `Person${++seq}`,
    ...input.data,
  };
  const now = input.lastActivityAt ?? new Date('2026-01-01T00:00:00Z');
  const [item] = await db
    .insert(items)
    .values({
      teamId,
      type: input.type ?? 'contact',
      data,
      statusId: input.status ? await statusId(db, teamId, input.status) : null,
      assignedTo: input.assignedTo ?? [],
      queued: input.queued ?? false,
      searchText: itemSearchText(data),
      lastActivityAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const values = [...(input.phones ?? []).map((p) => normalizePhone(p)!), ...(input.emails ?? [])];
  const primary = input.primary ?? 0;
  for (const [i, value] of values.entries())
    await db.insert(identifiers).values({
      teamId,
      itemId: item!.id,
      value,
      isEmail: value.includes('@'),
      primary: i === primary,
      position: i,
      createdAt: now,
    });
  return item!;
}

export async function insertTask(db: Db, teamId: string, itemId: string, text: string, due: Date | null) {
  await db.insert(tasks).values({ teamId, itemId, text, due, createdAt: new Date() });
  // The same refresh the tasks service runs, so the board's sort keys are what the app would keep.
  await refreshTaskKeys(db, itemId, new Date('2026-01-01T00:00:00Z'));
}

export async function insertNotification(db: Db, teamId: string, userId: string, targetId: string) {
  await db.insert(notifications).values({ teamId, userId, body: 'ping', targetId, createdAt: new Date() });
}

/** A connected Android phone of the admin's team, added as Settings > Devices adds one: texts have a way out. */
export async function insertConnectedDevice(t: TestApp, admin: TestUser, value = '+19165550100') {
  await t.app.inject({
    method: 'POST',
    url: '/api/services/addNumber',
    headers: admin.headers,
    payload: { phoneType: 'Android', value },
  });
  const [device] = await t.database.db
    .select()
    .from(devices)
    .where(and(eq(devices.teamId, admin.teamId), eq(devices.value, value)));
  await t.database.db
    .update(devices)
    .set({ connected: true, pingedAt: t.clock.now() })
    .where(eq(devices.id, device!.id));
  return device!;
}
