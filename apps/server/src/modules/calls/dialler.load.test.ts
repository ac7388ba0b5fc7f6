import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedVoice, type SimulatedOutcome } from '../../providers/voice/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { IDENTIFICATION_PATH } from './calls.plugin.js';
import { insertCallableContacts, setAutoRvm, TINY_OPUS } from './calls.test-support.js';

/*
 * 20 agents × 2 lines over a 500-item queue on the simulated line (issue 19, "tests that must
 * exist"): every item is called at most once, never a DNC or Wrong # number, never outside
 * 8:00–21:00 in the contact's zone, and every abandoned call is counted exactly once.
 */

const AGENTS = 20;
const ITEMS = 500;
// The test clock stands at 2026-01-05 15:00 UTC: 10:00 in New York, 5:00 in Honolulu.
const zones = (phone: string) =>
  Promise.resolve(phone.startsWith('+1808') ? ['Pacific/Honolulu'] : ['America/New_York']);
const voice = createSimulatedVoice({ playMs: 5, cancelMs: 15 });

/** Who picks up, by the number's last digits: people, machines, no answer, failures; ring times make pairs answer together. */
function outcome(to: string): SimulatedOutcome {
  const n = Number(to.slice(-3));
  const ringMs = 5 + (n % 3);
  if (n % 10 < 5) return { result: 'human', ringMs, talkMs: 20 };
  if (n % 10 < 7) return { result: 'machine', ringMs };
  if (n % 10 < 9) return { result: 'no-answer', ringMs };
  return { result: 'failed', ringMs };
}

let t: TestApp;
let admin: TestUser;
const phones: { value: string; status?: '' | 'DNC' | 'Wrong #' }[] = [];

beforeAll(async () => {
  voice.setScript((c) => outcome(c.to));
  t = await buildTestApp({}, { voice, phoneZones: zones });
  admin = await insertTeamAdmin(t, 'lead@dial.test');
  // 500 calls: more than BASIC's 250 a month.
  await t.app.services.plans.setPlan(admin.teamId, 'PRO');
  const auth = (await t.app.services.auth.authenticate(admin.token))!;
  expect((await t.app.services.calls.buyNumber(auth, '212')).ok).toBe(true);
  for (let i = 0; i < ITEMS; i++) {
    const area = i % 20 === 7 ? '808' : '212';
    phones.push({
      value: `+1${area}555${String(1000 + i).slice(-4)}`,
      status: i % 25 === 3 ? 'DNC' : i % 25 === 4 ? 'Wrong #' : '',
    });
  }
  const { ids, statusId } = await insertCallableContacts(t.database.db, admin.teamId, phones);
  const vm = await t.app.services.calls.recordVm(auth, { bytes: TINY_OPUS, truncated: false }, 'Hello');
  if (!vm.ok) throw new Error(vm.code);
  await setAutoRvm(t.database.db, admin.teamId, statusId, vm.value._id);
  const agents: TestUser[] = [];
  for (let a = 0; a < AGENTS; a++)
    agents.push(
      await insertMember(t, admin.teamId, `agent${a}@dial.test`, {
        permissions: ['calls'],
        dataAccess: 'All data',
      }),
    );
  for (const [a, agent] of agents.entries())
    await t.app.services.calls.enqueue(
      admin.teamId,
      agent.userId,
      ids.filter((_, i) => i % AGENTS === a),
      null,
    );
  for (const agent of agents) {
    const ctx = (await t.app.services.auth.authenticate(agent.token))!;
    expect((await t.app.services.dialler.join(ctx)).ok).toBe(true);
    expect((await t.app.services.dialler.edit(ctx, { action: 'start' })).ok).toBe(true);
  }
}, 60_000);

afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await t.database.db.execute(query)) as unknown as { rows: { n: string }[] }).rows[0]!.n);

describe('the dialler under 20 agents on 2 lines each', () => {
  it('works through a 500-item queue within the rules', async () => {
    // Done when every entry that may be called has an outcome and no line is live.
    await expect
      .poll(
        () =>
          count(
            sql`select count(*) as n from call_queue where call_status is null or call_status in ('Ringing', 'In call', 'Machine')`,
          ),
        { timeout: 90_000, interval: 250 },
      )
      .toBe(phones.filter((p) => p.value.startsWith('+1808') && !p.status).length);

    const placed = voice.placed.map((p) => p.to);
    const byStatus = new Map(phones.map((p) => [p.value, p.status ?? '']));
    // Every item called at most once, and every callable one called.
    expect(new Set(placed).size).toBe(placed.length);
    const callable = phones.filter((p) => !p.status && !p.value.startsWith('+1808'));
    expect(placed.length).toBe(callable.length);
    // Never DNC or Wrong #; never outside hours; always from the team's number.
    expect(placed.filter((p) => byStatus.get(p) !== '')).toEqual([]);
    expect(placed.filter((p) => p.startsWith('+1808'))).toEqual([]);
    expect(new Set(voice.placed.map((p) => p.from))).toEqual(new Set(['+12125550100']));
    // DNC and Wrong # entries were passed over, not dialled.
    expect(await count(sql`select count(*) as n from call_queue where call_status = 'Skipped'`)).toBe(
      phones.filter((p) => p.status).length,
    );

    // Abandonment counted exactly: each call that heard the identification is one Abandoned call.
    const identified = [...voice.heard.values()].filter(
      (h) => h.kind === 'play' && h.url.endsWith(IDENTIFICATION_PATH),
    ).length;
    const abandoned = await count(sql`select count(*) as n from calls where status = 'Abandoned'`);
    const answered = await count(sql`select count(*) as n from calls where answered`);
    expect(abandoned).toBe(identified);
    expect(answered).toBeGreaterThan(100);
    expect(abandoned / answered).toBeLessThanOrEqual(0.03);
    // Each call is one thread message; the answered ones count as contact.
    // The call's thread message is written after its outcome, in the background: wait for it to land.
    await expect
      .poll(() => count(sql`select count(*) as n from messages where system and status is not null`), {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(placed.length);
    expect(await count(sql`select count(*) as n from items where queued`)).toBe(
      phones.filter((p) => p.value.startsWith('+1808') && !p.status).length,
    );
  }, 120_000);
});
