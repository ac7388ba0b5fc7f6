import { skiptracePrice, type SkiptraceRunDto, serverMessages } from '@prospector/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditEntries, creditHolds, identifiers } from '../../db/schema/index.js';
import {
  createBatchData,
  createDemoProvider,
  type SkiptraceProvider,
} from '../../providers/skiptrace/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { startFakeBatchData, type FakeBatchData } from '../../test/fake-batchdata.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { createSkiptraceEngine } from './skiptrace-engine.js';
import { queryRows } from '../../db/client.js';
import { importCsv } from '../../test/import-csv.js';
import { heldValues } from './skiptrace.queries.js';
import { grantCredits, importProperties, PROPERTY_FIELDS } from '../../test/skiptrace.js';

/*
 * List-wide skip traces against the local BatchData fake, with engines this file starts and stops
 * itself (the app's own is off), on one database: a stopped engine's run is finished by the next.
 */

let t: TestApp;
let fake: FakeBatchData;
let admin: TestUser;

function engine(concurrency = 2, opts: { leaseMs?: number; provider?: SkiptraceProvider } = {}) {
  const e = createSkiptraceEngine({
    db: t.database.db,
    clock: { now: () => new Date() },
    ledger: t.app.services.ledger,
    provider: opts.provider ?? createBatchData({ key: fake.key, baseUrl: fake.url }),
    realtime: () => t.app.realtime,
    log: t.app.log,
    leaseMs: opts.leaseMs ?? 60_000,
    pollMs: 50,
    concurrency,
    claimSize: 100,
    retryMs: 10,
    retries: 2,
    statusIdOf: (teamId) => t.app.services.records.notContactedStatusId(t.database.db, teamId),
  });
  e.start();
  if (!opts.provider) engines.push(e);
  return e;
}
const engines: ReturnType<typeof createSkiptraceEngine>[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) await e.stop();
  fake.latencyMs = 25;
});

const state = async (listId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/lists/skiptrace/${listId}`, headers: admin.headers })
  ).json<{ run: SkiptraceRunDto | null; toTrace: number }>();

const start = (listId: string, type: 'single' | 'multi') =>
  t.app.inject({
    method: 'POST',
    url: '/api/lists/skiptrace',
    headers: admin.headers,
    payload: { listId, type, permissibleUse: true },
  });

const balance = () => t.app.services.ledger.balance(admin.teamId);

beforeAll(async () => {
  fake = await startFakeBatchData({ latencyMs: 25 });
  t = await buildTestApp({ SKIPTRACE_ENGINE: false }, { realClock: true });
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});
let n = 0;
beforeEach(async () => {
  admin = await insertTeamAdmin(t, `admin${++n}@skip.test`);
  fake.asked.clear();
  fake.answers.clear();
  fake.requests.length = 0;
  fake.missWhen = () => false;
});

describe('a list-wide skip trace', () => {
  it('of 350 properties with 1 in 3 missing charges only the hits, keeps exact figures, and a restarted run traces and charges no address twice', async () => {
    const list = await importProperties(t, admin, 350);
    fake.missWhen = (item) => Number.parseInt(item.propertyAddress?.street ?? '0', 10) % 3 === 0;
    await grantCredits(t, admin, 100);
    const before = await balance();
    const res = await start(list._id, 'multi');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().run).toMatchObject({ total: 350, done: 0, state: 'running' });
    // The team's plan's 'alternate data' price (rules/billing.ts).
    const price = Math.round(res.json().run.price * 10_000);
    expect(price).toBe(skiptracePrice(await t.app.services.plans.planOf(admin.teamId), 'multi'));

    fake.latencyMs = 150;
    const first = engine(1);
    await expect
      .poll(async () => (await state(list._id)).run!.done, { timeout: 20_000, interval: 20 })
      .toBeGreaterThanOrEqual(100);
    await first.stop();
    const midway = (await state(list._id)).run!;
    expect(midway.state).toBe('running');
    expect(midway.done).toBeLessThan(350);

    fake.latencyMs = 25;
    const second = engine();
    await expect.poll(async () => (await state(list._id)).run!.state, { timeout: 30_000 }).toBe('done');
    await second.stop();

    // Every address reached the provider exactly once, across both engines.
    expect(fake.asked.size).toBe(350);
    expect([...fake.asked.values()].every((times) => times === 1)).toBe(true);

    const hits = 350 - Math.floor(350 / 3);
    const answers = [...fake.answers.values()].filter((a) => a.matched);
    const dnc = answers.filter((a) => a.persons[0]!.phones.some((p) => p.dnc)).length;
    const { run } = await state(list._id);
    expect(run).toMatchObject({ state: 'done', done: 350, hits, landlines: hits, dnc, reason: null });
    expect(run!.cost).toBeCloseTo((hits * price) / 10_000, 6);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/lists/byId/${list._id}/0`, headers: admin.headers })
    ).json();
    expect(detail.list).toMatchObject({ hits, landlines: hits, dnc });
    expect(detail.list.cost).toBeCloseTo((hits * price) / 10_000, 6);
    expect(detail.stats.verifiedOwners).toBe(hits);

    // Only hits were charged, once each; every hold was settled.
    expect(before - (await balance())).toBe(hits * price);
    const db = t.database.db;
    const charged = await db
      .select({ total: sql<number>`coalesce(sum(${creditEntries.amount}), 0)::int` })
      .from(creditEntries)
      .where(and(eq(creditEntries.teamId, admin.teamId), eq(creditEntries.reason, 'skipTraceHit')));
    expect(charged[0]!.total).toBe(-hits * price);
    const open = await db
      .select()
      .from(creditHolds)
      .where(and(eq(creditHolds.teamId, admin.teamId), eq(creditHolds.state, 'open')));
    expect(open).toEqual([]);

    // The owners' phones carry their source, line type and DNC flag.
    const found = await db.select().from(identifiers).where(eq(identifiers.teamId, admin.teamId));
    expect(found.filter((i) => !i.isEmail)).toHaveLength(hits * 2);
    expect(found.every((i) => i.source === 'skiptrace')).toBe(true);
    expect(found.filter((i) => i.lineType === 'landline')).toHaveLength(hits);
    expect(found.filter((i) => i.status === 'DNC')).toHaveLength(dnc);

    // Nothing is left to trace: a second run is refused.
    expect((await state(list._id)).toTrace).toBe(116);
  }, 90_000);

  it('a run whose process died with a batch in flight is taken over: that batch’s hold is released and nothing is charged twice', async () => {
    const list = await importProperties(t, admin, 150, 'Crashed');
    await grantCredits(t, admin, 100);
    const before = await balance();
    expect((await start(list._id, 'single')).statusCode).toBe(200);
    // A process that sent its first batch and never heard back (it died): its lease runs out.
    let sent = 0;
    engine(1, {
      leaseMs: 300,
      provider: {
        kind: 'batchdata',
        maxBatch: 100,
        trace: (r) => ((sent = r.length), new Promise(() => {})),
      },
    });
    await expect.poll(() => sent).toBe(100);
    expect(before - (await balance())).toBe(100 * 600);
    await new Promise((r) => setTimeout(r, 400));
    engine(2, { leaseMs: 300 });
    await expect.poll(async () => (await state(list._id)).run!.state, { timeout: 20_000 }).toBe('done');
    const { run } = await state(list._id);
    expect(run).toMatchObject({ done: 150, hits: 150 });
    expect(before - (await balance())).toBe(150 * 600);
    const open = await t.database.db
      .select()
      .from(creditHolds)
      .where(and(eq(creditHolds.teamId, admin.teamId), eq(creditHolds.state, 'open')));
    expect(open).toEqual([]);
  }, 60_000);

  it('stops with a clear reason when the credits run out, never below zero', async () => {
    const list = await importProperties(t, admin, 120, 'Short of funds');
    await grantCredits(t, admin, 3); // 50 hits at $0.06
    expect((await start(list._id, 'single')).statusCode).toBe(200);
    const e = engine(3);
    await expect.poll(async () => (await state(list._id)).run!.state, { timeout: 20_000 }).toBe('stopped');
    await e.stop();
    const { run } = await state(list._id);
    expect(run).toMatchObject({ hits: 50, done: 50, reason: serverMessages.skiptrace.noCredits });
    expect(await balance()).toBe(0);
    expect(fake.asked.size).toBe(50);
  }, 60_000);

  it('can be cancelled: what was traced stays and is charged, the rest is never sent', async () => {
    const list = await importProperties(t, admin, 300, 'Cancelled');
    await grantCredits(t, admin, 100);
    fake.latencyMs = 150;
    expect((await start(list._id, 'single')).statusCode).toBe(200);
    const e = engine(1);
    await expect
      .poll(async () => (await state(list._id)).run!.done, { timeout: 20_000, interval: 20 })
      .toBeGreaterThan(0);
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/lists/skiptrace/cancel',
      headers: admin.headers,
      payload: { listId: list._id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    await e.stop();
    fake.latencyMs = 25;
    const { run } = await state(list._id);
    expect(run!.state).toBe('cancelled');
    expect(run!.done).toBeLessThan(300);
    expect(fake.asked.size).toBe(run!.done);
    expect(1_000_000 - (await balance())).toBe(run!.hits * 600);
  }, 60_000);

  it('with the demo provider gives every property found an owner of its own, as a trial user expects', async () => {
    const rows = Array.from({ length: 400 }, (_, i) => `${i + 1} Oak Ave,Nashville,TN,37206,`);
    const list = await importCsv(
      t,
      admin,
      ['Street,City,State,Zip,Owner', ...rows].join('\n') + '\n',
      PROPERTY_FIELDS,
      'Demo',
    );
    await grantCredits(t, admin, 100);
    expect((await start(list._id, 'single')).statusCode).toBe(200);
    const demo = createDemoProvider({ taken: (teamId, values) => heldValues(t.database.db, teamId, values) });
    // Two lanes of 100 properties trace at once: neither may hand out a number the other did.
    const e = engine(2, { provider: demo });
    await expect
      .poll(async () => (await state(list._id)).run!.state, { timeout: 60_000 })
      .not.toBe('running');
    await e.stop();
    expect((await state(list._id)).run).toMatchObject({ state: 'done', reason: null });
    const hits = (await state(list._id)).run!.hits;
    expect(hits).toBeGreaterThan(250);
    const owners = await queryRows<{ contact: string; properties: number }>(
      t.database.db,
      sql`
      select l.to_id as contact, count(*)::int as properties from item_links l
      join items p on p.id = l.from_id and p.type = 'property'
      join items c on c.id = l.to_id and c.type = 'contact'
      where p.team_id = ${admin.teamId} group by l.to_id`,
    );
    expect(owners).toHaveLength(hits);
    expect(owners.every((o) => o.properties === 1)).toBe(true);
  }, 90_000);

  it('refuses a second run while one runs, and a list whose properties all have phones', async () => {
    const list = await importProperties(t, admin, 5, 'Twice');
    await grantCredits(t, admin, 10);
    expect((await start(list._id, 'single')).statusCode).toBe(200);
    const again = await start(list._id, 'single');
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(serverMessages.skiptrace.alreadyRunning);
    const e = engine();
    await expect.poll(async () => (await state(list._id)).run!.state, { timeout: 20_000 }).toBe('done');
    await e.stop();
    const none = await start(list._id, 'single');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(serverMessages.skiptrace.nothingToTrace);
  }, 60_000);
});
