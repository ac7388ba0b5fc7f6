import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { creditAccounts, creditEntries, teams, users } from '../../db/schema/index.js';
import { systemClock } from '../../lib/clock.js';
import { createTestDatabase } from '../../test/db.js';
import { createLedger, type LedgerService } from './ledger.service.js';

/*
 * The credits ledger on a real database: PGlite here, PostgreSQL when TEST_DATABASE_URL is set (run
 * both). Amounts are credit units: 10,000 to the dollar; a skip look-up on PRO is 500 ($0.05).
 */

const LOOKUP = 500;

let database: Database;
let ledger: LedgerService;
beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedger({ db: database.db, clock: systemClock });
});
afterAll(async () => {
  await database?.close();
});

async function newTeam(db = database.db) {
  const [team] = await db.insert(teams).values({ name: 'Acme Realty' }).returning();
  return team!.id;
}

async function newStaffUser(teamId: string) {
  const [user] = await database.db
    .insert(users)
    .values({ teamId, email: `staff-${teamId}@prospector.test`, role: 'admin' })
    .returning();
  return user!.id;
}

/** A team with `units` credits, granted by staff. */
async function fundedTeam(units: number, ledgerOf = ledger, db = database.db) {
  const teamId = await newTeam(db);
  const [staff] = await db
    .insert(users)
    .values({ teamId, email: `staff-${teamId}@prospector.test`, role: 'admin' })
    .returning();
  if (units > 0) {
    const granted = await ledgerOf.grant(
      { teamId, amount: units, reason: 'adminGrant', description: 'Trial credits', actorId: staff!.id },
      db,
    );
    expect(granted.ok).toBe(true);
  }
  return teamId;
}

const entriesOf = (teamId: string, db = database.db) =>
  db.select().from(creditEntries).where(eq(creditEntries.teamId, teamId)).orderBy(creditEntries.seq);

async function entriesSum(teamId: string, db = database.db) {
  return (await entriesOf(teamId, db)).reduce((sum, e) => sum + e.amount, 0);
}

const lookup = (teamId: string, l = ledger, db = database.db) =>
  l.charge({ teamId, amount: LOOKUP, reason: 'skipTraceHit', description: 'Skip trace: 1 hit' }, db);

describe('charges', () => {
  it('take exactly what the credits cover when 50 look-ups run at once with funds for 10', async () => {
    const teamId = await fundedTeam(10 * LOOKUP);

    const results = await Promise.all(Array.from({ length: 50 }, () => lookup(teamId)));

    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual(
      Array(40).fill('INSUFFICIENT_CREDITS'),
    );
    expect(await ledger.balance(teamId)).toBe(0);
    const charges = (await entriesOf(teamId)).filter((e) => e.reason === 'skipTraceHit');
    expect(charges).toHaveLength(10);
    expect(await entriesSum(teamId)).toBe(0);
  });

  it('take exactly what the credits cover when each of 50 runs in a transaction of its own', async () => {
    const teamId = await fundedTeam(10 * LOOKUP);
    const inTransaction = () => database.db.transaction((tx) => lookup(teamId, ledger, tx));

    const results = await Promise.all(Array.from({ length: 50 }, inTransaction));

    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(await ledger.balance(teamId)).toBe(0);
    expect(await entriesSum(teamId)).toBe(0);
  });

  it('of many teams written together take from each team its own credits only', async () => {
    const rich = await fundedTeam(5 * LOOKUP);
    const poor = await fundedTeam(2 * LOOKUP);
    const broke = await newTeam();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => lookup([rich, poor, broke][i % 3]!).then((r) => [i % 3, r.ok])),
    );
    const taken = (who: number) => results.filter(([w, ok]) => w === who && ok).length;
    expect([taken(0), taken(1), taken(2)]).toEqual([5, 2, 0]);
    for (const teamId of [rich, poor]) {
      expect(await ledger.balance(teamId)).toBe(0);
      expect(await entriesSum(teamId)).toBe(0);
    }
  });

  it('are refused by the database itself: without its CHECK the same 50 look-ups overdraw', async () => {
    // The positive control, on a database of its own: the refusal above is the CHECK's, not luck.
    const bare = await createTestDatabase();
    try {
      await bare.db.execute(
        sql`alter table credit_accounts drop constraint credit_accounts_balance_non_negative`,
      );
      const unguarded = createLedger({ db: bare.db, clock: systemClock });
      const teamId = await fundedTeam(10 * LOOKUP, unguarded, bare.db);
      const inTransaction = () => bare.db.transaction((tx) => lookup(teamId, unguarded, tx));
      const results = await Promise.all(Array.from({ length: 50 }, inTransaction));
      expect(results.filter((r) => r.ok).length).toBeGreaterThan(10);
      expect(await unguarded.balance(teamId, bare.db)).toBeLessThan(0);
    } finally {
      await bare.close();
    }
  });

  it('cannot be forced below zero by any statement: the CHECK refuses it', async () => {
    const teamId = await fundedTeam(LOOKUP);
    await expect(
      database.db.execute(sql`update credit_accounts set balance = balance - 501 where team_id = ${teamId}`),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
    expect(await ledger.balance(teamId)).toBe(LOOKUP);
  });

  it('of a team that never had credits are refused and write nothing', async () => {
    const teamId = await newTeam();
    expect(await lookup(teamId)).toEqual({ ok: false, code: 'INSUFFICIENT_CREDITS' });
    expect(await entriesOf(teamId)).toEqual([]);
    expect(await ledger.balance(teamId)).toBe(0);
  });

  it('keep each entry with its reason, description and the balance it left', async () => {
    const teamId = await fundedTeam(3 * LOOKUP);
    await lookup(teamId);
    const [grant, charge] = await entriesOf(teamId);
    expect(grant).toMatchObject({
      amount: 1500,
      reason: 'adminGrant',
      description: 'Trial credits',
      balanceAfter: 1500,
    });
    expect(charge).toMatchObject({
      amount: -500,
      reason: 'skipTraceHit',
      description: 'Skip trace: 1 hit',
      balanceAfter: 1000,
    });
    expect(grant!.id).not.toBe(charge!.id);
  });

  it('leave a caller’s own transaction usable when refused inside it', async () => {
    const teamId = await newTeam();
    const outcome = await database.db.transaction(async (tx) => {
      const refused = await lookup(teamId, ledger, tx);
      // The caller carries on in the same transaction after the refusal.
      await tx.update(teams).set({ name: 'Still writable' }).where(eq(teams.id, teamId));
      return refused;
    });
    expect(outcome.ok).toBe(false);
    const [team] = await database.db.select().from(teams).where(eq(teams.id, teamId));
    expect(team!.name).toBe('Still writable');
  });
});

describe('holds', () => {
  it('set aside N look-ups, then charge only the hits and give back the rest', async () => {
    const teamId = await fundedTeam(20 * LOOKUP);
    const hold = await ledger.hold({
      teamId,
      amount: 10 * LOOKUP,
      description: 'Skip trace of 10 properties',
    });
    if (!hold.ok) throw new Error(hold.code);
    expect(hold.value.balance).toBe(10 * LOOKUP);

    const settled = await ledger.settle({
      holdId: hold.value.holdId,
      charge: 6 * LOOKUP,
      reason: 'skipTraceHit',
      description: 'Skip trace: 6 hits of 10',
    });

    expect(settled).toEqual({ ok: true, value: { charged: 3000, released: 2000, balance: 14 * LOOKUP } });
    expect((await entriesOf(teamId)).map((e) => [e.reason, e.amount, e.balanceAfter])).toEqual([
      ['adminGrant', 10_000, 10_000],
      ['hold', -5000, 5000],
      ['release', 5000, 10_000],
      ['skipTraceHit', -3000, 7000],
    ]);
    expect(await entriesSum(teamId)).toBe(await ledger.balance(teamId));
  });

  it('read in the billing history as one line per skip trace: the hold while it is open, then the charge alone', async () => {
    const teamId = await fundedTeam(20 * LOOKUP);
    const lines = async () =>
      (await ledger.history(teamId, { skip: 0, limit: 50 })).entries.map((e) => [e.reason, e.amount]);
    const hold = await ledger.hold({
      teamId,
      amount: 10 * LOOKUP,
      description: 'Skip trace of 10 properties',
    });
    if (!hold.ok) throw new Error(hold.code);
    expect(await lines()).toEqual([
      ['hold', -5000],
      ['adminGrant', 10_000],
    ]);
    await ledger.settle({
      holdId: hold.value.holdId,
      charge: 6 * LOOKUP,
      reason: 'skipTraceHit',
      description: 'Skip trace: 6 hits of 10',
    });
    expect(await lines()).toEqual([
      ['skipTraceHit', -3000],
      ['adminGrant', 10_000],
    ]);
    expect((await ledger.history(teamId, { skip: 0, limit: 50 })).total).toBe(2);
    // A hold given back whole (nothing pulled) leaves no line at all.
    const cancelled = await ledger.hold({
      teamId,
      amount: 2 * LOOKUP,
      description: 'Skip trace of 2 properties',
    });
    if (!cancelled.ok) throw new Error(cancelled.code);
    await ledger.release(cancelled.value.holdId);
    expect(await lines()).toHaveLength(2);
    expect(await entriesSum(teamId)).toBe(await ledger.balance(teamId));
  });

  it('are settled once: a second settlement, a release after it, or a charge above the hold is refused', async () => {
    const teamId = await fundedTeam(10 * LOOKUP);
    const hold = await ledger.hold({ teamId, amount: 4 * LOOKUP, description: 'Skip trace of 4 properties' });
    if (!hold.ok) throw new Error(hold.code);
    const { holdId } = hold.value;
    const settle = (charge: number) =>
      ledger.settle({ holdId, charge, reason: 'skipTraceHit', description: 'Skip trace hits' });

    expect(await settle(5 * LOOKUP)).toEqual({ ok: false, code: 'CHARGE_ABOVE_HOLD' });
    expect((await settle(4 * LOOKUP)).ok).toBe(true);
    expect(await settle(0)).toEqual({ ok: false, code: 'HOLD_SETTLED' });
    expect(await ledger.release(holdId)).toEqual({ ok: false, code: 'HOLD_SETTLED' });
    expect(await ledger.release('00000000-0000-4000-8000-000000000000')).toEqual({
      ok: false,
      code: 'HOLD_NOT_FOUND',
    });
    expect(await ledger.balance(teamId)).toBe(6 * LOOKUP);
  });

  it('settled twice at once charge once', async () => {
    const teamId = await fundedTeam(10 * LOOKUP);
    const hold = await ledger.hold({
      teamId,
      amount: 10 * LOOKUP,
      description: 'Skip trace of 10 properties',
    });
    if (!hold.ok) throw new Error(hold.code);
    const settle = () =>
      ledger.settle({
        holdId: hold.value.holdId,
        charge: 3 * LOOKUP,
        reason: 'skipTraceHit',
        description: 'Hits',
      });
    const results = await Promise.all([settle(), settle(), settle()]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await ledger.balance(teamId)).toBe(7 * LOOKUP);
  });

  it('released whole give everything back', async () => {
    const teamId = await fundedTeam(2 * LOOKUP);
    const hold = await ledger.hold({ teamId, amount: 2 * LOOKUP, description: 'Skip trace of 2 properties' });
    if (!hold.ok) throw new Error(hold.code);
    expect(await ledger.balance(teamId)).toBe(0);
    expect(await ledger.release(hold.value.holdId)).toMatchObject({
      ok: true,
      value: { charged: 0, released: 1000 },
    });
    expect(await ledger.balance(teamId)).toBe(2 * LOOKUP);
  });

  it('cannot set aside more than the credits', async () => {
    const teamId = await fundedTeam(2 * LOOKUP);
    expect(await ledger.hold({ teamId, amount: 3 * LOOKUP, description: 'Too big' })).toEqual({
      ok: false,
      code: 'INSUFFICIENT_CREDITS',
    });
    expect(await ledger.balance(teamId)).toBe(2 * LOOKUP);
  });
});

describe('loads', () => {
  it('credit a payment once however often, and however concurrently, it is reported', async () => {
    const teamId = await newTeam();
    const load = () =>
      ledger.load({
        teamId,
        amount: 100_000,
        reason: 'load',
        externalId: 'pi_3Nabc123',
        description: 'Credits added: $10.00',
      });

    const first = await load();
    const repeats = await Promise.all([load(), load(), load()]);

    expect(first).toMatchObject({ ok: true, value: { duplicate: false, balance: 100_000 } });
    for (const r of repeats)
      expect(r).toEqual({
        ok: true,
        value: { entryId: first.ok && first.value.entryId, balance: 100_000, duplicate: true },
      });
    expect(await ledger.balance(teamId)).toBe(100_000);
    expect(await entriesOf(teamId)).toHaveLength(1);
  });

  it('credit two reports of one new payment arriving together once', async () => {
    const teamId = await newTeam();
    const load = () =>
      ledger.load({
        teamId,
        amount: 50_000,
        reason: 'autofill',
        externalId: 'pi_race',
        description: 'Autofill',
      });
    const results = await Promise.all([load(), load()]);
    expect(results.map((r) => r.ok && r.value.duplicate).sort()).toEqual([false, true]);
    expect(await ledger.balance(teamId)).toBe(50_000);
  });

  it('refuse a payment id already credited to another team', async () => {
    const a = await newTeam();
    const b = await newTeam();
    const load = (teamId: string) =>
      ledger.load({ teamId, amount: 100_000, reason: 'load', externalId: 'pi_once', description: 'Credits' });
    expect((await load(a)).ok).toBe(true);
    expect(await load(b)).toEqual({ ok: false, code: 'EXTERNAL_ID_TAKEN' });
    expect(await ledger.balance(b)).toBe(0);
  });

  it('to a team that does not exist are refused', async () => {
    const result = await ledger.load({
      teamId: '00000000-0000-4000-8000-000000000000',
      amount: 100_000,
      reason: 'load',
      externalId: 'pi_nobody',
      description: 'Credits',
    });
    expect(result).toEqual({ ok: false, code: 'TEAM_NOT_FOUND' });
  });
});

describe('grants and history', () => {
  it('lists entries newest first, a page at a time, with the balance equal to their sum', async () => {
    const teamId = await newTeam();
    const staff = await newStaffUser(teamId);
    for (let i = 1; i <= 5; i++)
      await ledger.grant({
        teamId,
        amount: i * 10_000,
        reason: 'adminGrant',
        description: `Grant ${i}`,
        actorId: staff,
      });
    const page = await ledger.history(teamId, { skip: 1, limit: 2 });
    expect(page.total).toBe(5);
    expect(page.entries.map((e) => e.description)).toEqual(['Grant 4', 'Grant 3']);
    const [account] = await database.db
      .select()
      .from(creditAccounts)
      .where(eq(creditAccounts.teamId, teamId));
    expect(account!.balance).toBe(150_000);
    expect(await entriesSum(teamId)).toBe(150_000);
  });
});
