import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { createSimulatedVoice } from '../../providers/voice/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import {
  campaignRecipients,
  identifiers,
  items,
  statusCallSettings,
  statuses,
  teams,
} from '../../db/schema/index.js';

export { TINY_OPUS } from '../../test/multipart.js';

/** `n` contacts with one phone each, inserted in two statements; answers their ids in order. */
export async function insertCallableContacts(
  db: Db,
  teamId: string,
  phones: { value: string; status?: '' | 'DNC' | 'Wrong #' }[],
  statusText = 'Not contacted',
) {
  const [st] = await db
    .select()
    .from(statuses)
    .where(and(eq(statuses.teamId, teamId), eq(statuses.text, statusText)));
  const at = new Date('2026-01-01T00:00:00Z');
  const rows = await db
    .insert(items)
    .values(
      phones.map((_, i) => ({
        teamId,
        type: 'contact' as const,
        data: { 'First name': 'Caller', 'Last name': `No${i}` },
        statusId: st!.id,
        lastActivityAt: at,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .returning({ id: items.id });
  await db.insert(identifiers).values(
    phones.map((p, i) => ({
      teamId,
      itemId: rows[i]!.id,
      value: p.value,
      primary: !p.status,
      status: p.status ?? '',
      createdAt: at,
    })),
  );
  return { ids: rows.map((r) => r.id), statusId: st!.id };
}

/** Gives a status the auto-RVM setting with a voicemail. */
export async function setAutoRvm(db: Db, teamId: string, statusId: string, vmId: string) {
  await db.insert(statusCallSettings).values({ statusId, teamId, autoRvm: true, selectedVm: vmId });
}

/**
 * Launches a call campaign to the records in `statuses`, calling on 5 January 2026 from 15:00 to 23:00
 * UTC (10:00–18:00 in New York), with these follow-up steps; answers the launch's reply.
 */
export function launchCallCampaign(
  t: TestApp,
  user: TestUser,
  statuses: string[],
  followUps: { afterDays: number; groupIds: string[] }[] = [],
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/campaigns/launch',
    headers: user.headers,
    payload: {
      campaignType: 'Call',
      phoneType: 'All',
      statuses,
      startTime: '2026-01-05T15:00:00Z',
      endTime: '2026-01-05T23:00:00Z',
      startDate: '2026-01-05T05:00:00Z',
      ...(followUps.length ? { followUps } : {}),
    },
  });
}

/**
 * The follow-up calls' tests' app (ADR 046), one per file: a team in New York on PRO with a number,
 * the clock at Monday 2026-01-05 15:00 UTC (10:00 there, put back after each test), and a simulated
 * line on which the first of `PHONES` answers (and hangs up after a moment) and nobody else does.
 * `ready` hands the file its app and admin.
 */
export function followUpCallsApp(email: string, ready: (t: TestApp, admin: TestUser) => void) {
  const MONDAY = new Date('2026-01-05T15:00:00Z');
  const PHONES = ['+12125558000', '+12125558001', '+12125558002', '+12125558003', '+12125558004'];
  const voice = createSimulatedVoice({ playMs: 5, cancelMs: 5 });
  voice.setScript((c) =>
    c.to === PHONES[0] ? { result: 'human', ringMs: 20, talkMs: 20 } : { result: 'no-answer', ringMs: 20 },
  );
  let t: TestApp;
  let admin: TestUser;
  const authOf = async (u: TestUser) => (await t.app.services.auth.authenticate(u.token)) as AuthContext;

  beforeAll(async () => {
    t = await buildTestApp({}, { voice, phoneZones: () => Promise.resolve(['America/New_York']) });
    t.clock.set(MONDAY);
    admin = await insertTeamAdmin(t, email);
    await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
    await t.app.services.plans.setPlan(admin.teamId, 'PRO');
    expect((await t.app.services.calls.buyNumber(await authOf(admin), '212')).ok).toBe(true);
    ready(t, admin);
  }, 60_000);
  afterAll(() => t.close());
  afterEach(() => t.clock.set(MONDAY));

  /** The member dials until `n` calls in all were placed, then pauses. */
  async function dialUntil(n: number) {
    const auth = await authOf(admin);
    expect((await t.app.services.dialler.join(auth)).ok).toBe(true);
    expect((await t.app.services.dialler.edit(auth, { action: 'start' })).ok).toBe(true);
    await expect.poll(() => voice.placed.length, { timeout: 20_000 }).toBe(n);
    // The last call ends (20 ms of ringing) before the member pauses.
    await new Promise((r) => setTimeout(r, 200));
    await t.app.services.dialler.settle();
    await t.app.services.dialler.edit(auth, { action: 'pause' });
    await t.app.services.dialler.settle();
  }

  /** A campaign's recipients, found by their record. */
  const rows = async (campaignId: string) => {
    const list = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaignId));
    return (itemId: string) => list.find((r) => r.itemId === itemId)!;
  };

  return { MONDAY, DAY: 86_400_000, PHONES, voice, authOf, dialUntil, rows };
}
