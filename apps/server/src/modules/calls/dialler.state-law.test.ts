import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, items, messages, teams } from '../../db/schema/index.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { createSimulatedVoice } from '../../providers/voice/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { insertCallableContacts } from './calls.test-support.js';

/*
 * Issue 32 item 3, ADR 046: Florida, Oklahoma and Maryland allow at most 3 calls or texts to a person
 * in 24 hours on the same subject, texts and calls counted together. The dialler passes over a contact
 * at the limit until it may be called (as it does one in quiet hours), refuses a member's own call with
 * the law and the time, and its reasons name the state. The clock stands at Monday 2026-01-05 15:00 UTC,
 * 10:00 in New York.
 */

const NOW = new Date('2026-01-05T15:00:00Z');
const H = 3_600_000;
const zones = () => Promise.resolve(['America/New_York']);
const voice = createSimulatedVoice({ playMs: 5, cancelMs: 5 });
voice.setScript(() => ({ result: 'no-answer', ringMs: 30 }));

let t: TestApp;
let admin: TestUser;
let ana: TestUser;
const authOf = async (u: TestUser) => (await t.app.services.auth.authenticate(u.token)) as AuthContext;

beforeAll(async () => {
  t = await buildTestApp({}, { voice, phoneZones: zones });
  t.clock.set(NOW);
  admin = await insertTeamAdmin(t, 'lead@statelaw.test');
  await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
  await t.app.services.plans.setPlan(admin.teamId, 'PRO');
  ana = await insertMember(t, admin.teamId, 'ana@statelaw.test', {
    name: 'Ana',
    permissions: ['calls'],
    dataAccess: 'All data',
  });
  expect((await t.app.services.calls.buyNumber(await authOf(admin), '212')).ok).toBe(true);
}, 60_000);
afterAll(() => t.close());

/** Contacts living in `state` (their address), with New York numbers. */
async function contactsIn(state: string, phones: string[]) {
  const { ids } = await insertCallableContacts(
    t.database.db,
    admin.teamId,
    phones.map((value) => ({ value })),
  );
  await t.database.db
    .update(items)
    .set({ data: sql`${items.data} || ${JSON.stringify({ State: state })}::jsonb` })
    .where(sql`${items.id} = any(${`{${ids.join(',')}}`}::uuid[])`);
  return ids;
}

/** A text a campaign or a member sent to the contact `hoursAgo` hours before now. */
async function textedAgo(itemId: string, phone: string, hoursAgo: number) {
  await t.database.db.insert(messages).values({
    teamId: admin.teamId,
    itemId,
    body: 'Still own the house?',
    direction: 'out',
    phone,
    createdAt: new Date(t.clock.now().getTime() - hoursAgo * H),
  });
}

/** A call placed to the contact `hoursAgo` hours before now (its thread message is a system one). */
async function calledAgo(itemId: string, phone: string, hoursAgo: number) {
  const at = new Date(t.clock.now().getTime() - hoursAgo * H);
  await t.database.db.insert(calls).values({
    teamId: admin.teamId,
    itemId,
    userId: admin.userId,
    direction: 'out',
    fromNumber: '+12125550100',
    toNumber: phone,
    status: 'No answer',
    startedAt: at,
  });
  await t.database.db.insert(messages).values({
    teamId: admin.teamId,
    itemId,
    body: 'Outbound call · No answer',
    direction: 'out',
    phone,
    system: true,
    senderId: admin.userId,
    createdAt: at,
  });
}

const dialler = async (u: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/calls/dialler', headers: u.headers })).json();

describe('the dialler and the 3 calls or texts in 24 hours of Florida, Oklahoma and Maryland', () => {
  it('passes over a Florida contact with 2 texts and a call in 24 hours until the oldest is a day old, and calls the others', async () => {
    const [held, under] = await contactsIn('FL', ['+12125557001', '+12125557002']);
    const [newYork] = await contactsIn('NY', ['+12125557003']);
    // The held one: a text 19 h 55 min ago (free again at 14:05 New York time), a call and a text since.
    await textedAgo(held!, '+12125557001', 20 - 5 / 60);
    await calledAgo(held!, '+12125557001', 3);
    await textedAgo(held!, '+12125557001', 1);
    // Two in 24 hours (and one 30 hours ago): under the limit.
    await textedAgo(under!, '+12125557002', 30);
    await textedAgo(under!, '+12125557002', 2);
    await calledAgo(under!, '+12125557002', 1);
    // New York has no such limit.
    for (const h of [1, 2, 3, 4]) await textedAgo(newYork!, '+12125557003', h);
    await t.app.services.calls.enqueue(admin.teamId, ana.userId, [held!, under!, newYork!], null);

    const freeAt = '2026-01-05T19:05:00.000Z';
    expect((await dialler(ana)).waiting).toEqual({
      callable: 2,
      groups: [{ reason: 'lawDailyCap', count: 1, until: freeAt, law: 'FL' }],
      nextCallAt: NOW.toISOString(),
      timezone: 'America/New_York',
    });

    const auth = await authOf(ana);
    expect((await t.app.services.dialler.join(auth)).ok).toBe(true);
    expect((await t.app.services.dialler.edit(auth, { action: 'start' })).ok).toBe(true);
    await expect
      .poll(() => voice.placed.map((c) => c.to), { timeout: 15_000 })
      .toEqual(['+12125557002', '+12125557003']);
    await t.app.services.dialler.settle();
    expect(voice.placed.map((c) => c.to)).not.toContain('+12125557001');
    // Nothing callable left: the reasons give the time the held contact is free.
    expect((await dialler(ana)).waiting).toMatchObject({ callable: 0, nextCallAt: freeAt });

    // At 14:05 New York time the text of yesterday evening is 24 hours old: the contact is called.
    t.clock.set(new Date(freeAt));
    t.app.services.dialler.wake(ana.userId);
    await expect.poll(() => voice.placed.map((c) => c.to), { timeout: 15_000 }).toContain('+12125557001');
    await t.app.services.dialler.edit(auth, { action: 'pause' });
    await t.app.services.dialler.settle();
    t.clock.set(NOW);
  });

  it("refuses a member's own call to a Maryland contact at the limit, naming the law and when they may call", async () => {
    const [id] = await contactsIn('Maryland', ['+12125557101']);
    await calledAgo(id!, '+12125557101', 22);
    await textedAgo(id!, '+12125557101', 5);
    await textedAgo(id!, '+12125557101', 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/calls/new',
      headers: ana.headers,
      payload: { dataId: id },
    });
    expect(res.statusCode).toBe(409);
    // The call of 22 hours ago turns 24 hours old at 12:00 New York time.
    expect(res.json()).toEqual({
      code: 'LAW_DAILY_CAP',
      message:
        'Maryland (Md. Code, Com. Law § 14-4503) allows 3 calls or texts in 24 hours on one subject, and this contact has had 3. You can call them today at 12:00 PM your time.',
    });
    // A call that failed to be placed reached nobody: it does not count.
    await t.database.db.update(calls).set({ status: 'Failed' }).where(eq(calls.itemId, id!));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/calls/new',
      headers: ana.headers,
      payload: { dataId: id },
    });
    expect(again.statusCode, again.body).toBe(200);
    await t.app.services.dialler.settle();
  });
});
