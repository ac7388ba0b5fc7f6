import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../lib/auth-context.js';
import { createSimulatedVoice } from '../../providers/voice/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { insertCallableContacts } from './calls.test-support.js';

/*
 * Issue 30 item 1: a queue of any length dials its next callable contact, in queue order, passing over
 * the contacts it may not call now. The test clock stands at 2026-01-05 15:00 UTC: 10:00 in New York,
 * 5:00 in Honolulu (quiet hours there).
 */

const zones = (phone: string) =>
  Promise.resolve(phone.startsWith('+1808') ? ['Pacific/Honolulu'] : ['America/New_York']);
const voice = createSimulatedVoice({ playMs: 5, cancelMs: 5 });
voice.setScript(() => ({ result: 'no-answer', ringMs: 30 }));

let t: TestApp;
let admin: TestUser;
let ana: TestUser;
const authOf = async (u: TestUser) => (await t.app.services.auth.authenticate(u.token)) as AuthContext;

beforeAll(async () => {
  t = await buildTestApp({}, { voice, phoneZones: zones });
  admin = await insertTeamAdmin(t, 'lead@queue.test');
  await t.app.services.plans.setPlan(admin.teamId, 'PRO');
  ana = await insertMember(t, admin.teamId, 'ana@queue.test', {
    name: 'Ana',
    permissions: ['calls'],
    dataAccess: 'All data',
  });
  expect((await t.app.services.calls.buyNumber(await authOf(admin), '212')).ok).toBe(true);
}, 60_000);
afterAll(() => t.close());

describe('the dialler over a long queue', () => {
  it('dials the 16th of 30 queued contacts when the first 15 are outside their calling hours, then goes on in order', async () => {
    const phones = [
      ...Array.from({ length: 15 }, (_, i) => ({ value: `+1808555${String(2000 + i)}` })),
      ...Array.from({ length: 15 }, (_, i) => ({ value: `+1212555${String(2000 + i)}` })),
    ];
    const { ids } = await insertCallableContacts(t.database.db, admin.teamId, phones);
    expect(await t.app.services.calls.enqueue(admin.teamId, ana.userId, ids, null)).toBe(30);

    const auth = await authOf(ana);
    expect((await t.app.services.dialler.join(auth)).ok).toBe(true);
    expect((await t.app.services.dialler.edit(auth, { action: 'start' })).ok).toBe(true);

    const called = () => voice.placed.map((c) => phones.findIndex((p) => p.value === c.to));
    // Each unanswered call rings 30 ms, then the next starts 0.5 s later: three calls in a few seconds.
    await expect.poll(() => called().slice(0, 3), { timeout: 15_000 }).toEqual([15, 16, 17]);
    expect(called().every((i) => i >= 15)).toBe(true);

    await t.app.services.dialler.edit(auth, { action: 'pause' });
    await t.app.services.dialler.settle();
  });
});

describe('why the dialler is not calling', () => {
  it('tells the member how many wait for their calling hours and until when, how many are DNC or Wrong #, and the next call', async () => {
    const ben = await insertMember(t, admin.teamId, 'ben@queue.test', {
      name: 'Ben',
      permissions: ['calls'],
      dataAccess: 'All data',
    });
    const { ids } = await insertCallableContacts(t.database.db, admin.teamId, [
      { value: '+18085553001' },
      { value: '+18085553002' },
      { value: '+12125553003', status: 'DNC' },
      { value: '+12125553004', status: 'Wrong #' },
    ]);
    await t.app.services.calls.enqueue(admin.teamId, ben.userId, ids, null);
    const page = await t.app.inject({ method: 'GET', url: '/api/calls/dialler', headers: ben.headers });
    expect(page.statusCode).toBe(200);
    // 8:00 in Honolulu is 18:00 UTC.
    expect(page.json().waiting).toEqual({
      callable: 0,
      groups: [
        { reason: 'quietHours', count: 2, until: '2026-01-05T18:00:00.000Z' },
        { reason: 'dnc', count: 1, until: null },
        { reason: 'wrongNumber', count: 1, until: null },
      ],
      nextCallAt: '2026-01-05T18:00:00.000Z',
      timezone: expect.any(String),
    });
  });
});
