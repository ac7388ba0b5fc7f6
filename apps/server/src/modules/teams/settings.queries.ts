import { isDeviceConnected } from '@prospector/core';
import { and, countDistinct, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devices, statuses, teams, templates, users } from '../../db/schema/index.js';

type TeamSettingsPatch = Partial<{
  timezone: string;
  country: string;
  ppgl: number;
  name: string;
  onboarded: boolean;
  subUsers: { name: string; phone: string }[];
  contactStartHour: number | null;
  contactEndHour: number | null;
}>;

/** Updates the team's settings; the saved row's values, or null when the team is gone. */
export async function updateTeamSettings(db: Db, teamId: string, patch: TeamSettingsPatch) {
  const [row] = await db.update(teams).set(patch).where(eq(teams.id, teamId)).returning({
    name: teams.name,
    timezone: teams.timezone,
    country: teams.country,
    ppgl: teams.ppgl,
    onboarded: teams.onboarded,
    subUsers: teams.subUsers,
    avatar: teams.avatar,
    contactStartHour: teams.contactStartHour,
    contactEndHour: teams.contactEndHour,
  });
  return row ?? null;
}

/** The team's own texting and calling hours; null when the team is gone. */
export async function findContactHours(db: Db, teamId: string) {
  const [row] = await db
    .select({ startHour: teams.contactStartHour, endHour: teams.contactEndHour })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row ?? null;
}

/** What the onboarding gates look at, read fresh from the database; null when the team is gone. */
export async function onboardingFacts(db: Db, teamId: string, userId: string, now: Date) {
  const [team] = await db
    .select({ name: teams.name, timezone: teams.timezone })
    .from(teams)
    .where(eq(teams.id, teamId));
  if (!team) return null;
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  const rows = await db
    .select({
      id: devices.id,
      kind: devices.kind,
      macId: devices.macId,
      connected: devices.connected,
      pingedAt: devices.pingedAt,
    })
    .from(devices)
    .where(eq(devices.teamId, teamId));
  // An Android phone runs its own agent; an iPhone is as connected as its Mac. A Mac alone texts nobody.
  const agentUp = (id: string | null) => {
    const agent = rows.find((r) => r.id === id);
    return agent ? isDeviceConnected(agent, now) : false;
  };
  const connectedDevices = rows.filter((d) =>
    d.kind === 'android' ? isDeviceConnected(d, now) : d.kind === 'iphone' && agentUp(d.macId),
  ).length;
  const [groups] = await db
    .select({ n: countDistinct(templates.groupId) })
    .from(templates)
    .where(and(eq(templates.teamId, teamId), isNotNull(templates.groupId)));
  const [custom] = await db
    .select({ n: count() })
    .from(statuses)
    .where(and(eq(statuses.teamId, teamId), eq(statuses.builtIn, false)));
  return {
    companyName: team.name,
    userName: user?.name ?? '',
    timezone: team.timezone,
    connectedDevices,
    filledGroups: Number(groups?.n ?? 0),
    customStatuses: Number(custom?.n ?? 0),
  };
}
