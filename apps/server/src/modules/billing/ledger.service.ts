import { unitsToDollars, type CreditReason } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, Refused, type Result } from '../../lib/result.js';
import { createChargeBatcher } from './charge-batcher.js';
import * as q from './ledger.queries.js';
import { refusalOf, type LedgerCode } from './refusals.js';

/*
 * The credits ledger (issue 18 item 2, ADR 018). Every change of a team's credits is an entry with
 * its reason and description; the team's balance row is their sum, written in the same statement or
 * transaction, and its CHECK (balance >= 0) refuses any write that would take it below zero, so no
 * number of concurrent charges, on any number of server processes, can. A charge in a caller's
 * transaction is refused by the CHECK itself; charges written together (charge-batcher.ts) take, per
 * team, what its balance covers, under the row's lock, with the CHECK behind that arithmetic.
 *
 * Amounts are whole credit units (1/10,000 of a dollar, rules/billing.ts). Every call takes an
 * optional `db`: a caller's open transaction, so a charge can commit with the work it pays for (the
 * data a skip trace pulled, say). The ledger then works in a savepoint of it: a refused charge rolls
 * back only its own statements and leaves the caller's transaction usable.
 */

/** Charges: credits taken for work done. */
export type ChargeReason = Extract<CreditReason, 'skipTraceHit'>;
/** Money credited: payments (idempotent by the provider's id) and affiliate earnings moved into credits. */
export type LoadReason = Extract<CreditReason, 'load' | 'autofill' | 'affiliateEarnings'>;
/** Credits staff give. */
export type GrantReason = Extract<CreditReason, 'adminGrant' | 'staffRefund'>;

export type Applied = { entryId: string; balance: number };

export type LedgerService = ReturnType<typeof createLedger>;

/** Thrown inside a load's transaction when its payment was credited already: rolls the load back. */
class AlreadyCredited extends Error {}

function assertUnits(amount: number, what: string) {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`${what} must be a positive whole number of credit units, got ${amount}`);
}

/**
 * Runs `work` in a transaction of its own, or a savepoint of the caller's, and turns a refusal (the
 * balance CHECK, an unknown team, the ledger's own `Refused`) into a failure. `C`: the codes the
 * calling operation can meet, which its `work` alone decides.
 */
async function atomically<T, C extends LedgerCode>(
  db: Db,
  work: (tx: Db) => Promise<T>,
): Promise<Result<T, C>> {
  try {
    return ok(await db.transaction(work));
  } catch (err) {
    const code = err instanceof Refused ? err.code : refusalOf(err);
    if (code === null) throw err;
    return fail(code as C);
  }
}

export function createLedger(deps: {
  db: Db;
  clock: Clock;
  /** Tells a team's open screens its credits, in dollars (the app sends `creditsChanged`). */
  announce?: (teamId: string, credits: number) => void;
}) {
  const { clock } = deps;
  const batcher = createChargeBatcher({ db: deps.db, clock });
  const debitListeners: ((teamId: string) => void)[] = [];
  /** Tells who listens (autofill) that a team's credits went down; a listener never fails the charge. */
  function debited<T, C extends string>(teamId: string, result: Result<T, C>): Result<T, C> {
    if (result.ok) for (const listener of debitListeners) listener(teamId);
    return result;
  }

  /** Takes `amount` from the balance; the CHECK refuses it when it would go below zero. */
  async function debit(tx: Db, teamId: string, amount: number, now: Date): Promise<number> {
    const balance = await q.addToBalance(tx, teamId, -amount, now);
    // No account yet: the team never had credits.
    if (balance === null) throw new Refused('INSUFFICIENT_CREDITS');
    return balance;
  }

  async function credit(tx: Db, teamId: string, amount: number, now: Date): Promise<number> {
    return (await q.addToBalance(tx, teamId, amount, now))!;
  }

  async function settle(
    input: { holdId: string; charge: number; reason: ChargeReason; description: string },
    db: Db,
  ) {
    const { holdId, charge } = input;
    if (!Number.isSafeInteger(charge) || charge < 0)
      throw new Error(`A settlement charges a whole number of units ≥ 0, got ${charge}`);
    const now = clock.now();
    return atomically<
      { charged: number; released: number; balance: number },
      'HOLD_NOT_FOUND' | 'HOLD_SETTLED' | 'CHARGE_ABOVE_HOLD'
    >(db, async (tx) => {
      const hold = await q.settleHold(tx, holdId, charge, now);
      if (!hold) {
        const found = await q.findHold(tx, holdId);
        throw new Refused(
          !found ? 'HOLD_NOT_FOUND' : found.state === 'settled' ? 'HOLD_SETTLED' : 'CHARGE_ABOVE_HOLD',
        );
      }
      // What is not charged goes back (nothing when all of it is: the balance stays as the hold left it).
      const balance = (await q.addToBalance(tx, hold.teamId, hold.amount - charge, now))!;
      await q.insertEntry(tx, {
        teamId: hold.teamId,
        amount: hold.amount,
        reason: 'release',
        description: `Released: ${hold.description}`,
        balanceAfter: balance + charge,
        holdId,
        createdAt: now,
      });
      if (charge > 0)
        await q.insertEntry(tx, {
          teamId: hold.teamId,
          amount: -charge,
          reason: input.reason,
          description: input.description,
          balanceAfter: balance,
          holdId,
          createdAt: now,
        });
      return { charged: charge, released: hold.amount - charge, balance };
    });
  }

  return {
    /**
     * Hears every charge and hold that went through, by team, once it is written (autofill listens).
     * A charge in a caller's transaction is heard before that transaction commits: the listener reads
     * the credits itself, and the next charge after the commit is heard again.
     */
    onDebited(listener: (teamId: string) => void) {
      debitListeners.push(listener);
    },

    /**
     * Tells the team's open screens (the top bar, Settings > Billing) its credits as they are now
     * (issue 30): called once the change has committed, so the balance read is the one to show; of
     * two changes told at once, each reads after its own commit, so the last told is the latest.
     */
    async announce(teamId: string): Promise<void> {
      if (!deps.announce) return;
      deps.announce(teamId, unitsToDollars(await q.findBalance(deps.db, teamId)));
    },

    /** The team's credits in units (0 for a team that never had any). */
    balance(teamId: string, db: Db = deps.db): Promise<number> {
      return q.findBalance(db, teamId);
    },

    /**
     * Charges work done (a look-up that found data). Refused, changing nothing, when the credits fall
     * short. Alone, it joins the charges being written at the same moment, one statement and one commit
     * for them all (charge-batcher.ts); in a caller's transaction (`db`), a savepoint of it.
     */
    async charge(
      input: { teamId: string; amount: number; reason: ChargeReason; description: string },
      db?: Db,
    ): Promise<Result<Applied, 'INSUFFICIENT_CREDITS' | 'TEAM_NOT_FOUND'>> {
      assertUnits(input.amount, 'A charge');
      if (!db) {
        const taken = await batcher.charge(input);
        return debited(input.teamId, taken ? ok(taken) : fail('INSUFFICIENT_CREDITS'));
      }
      const entry = { ...input, createdAt: clock.now() };
      return debited(
        input.teamId,
        await atomically<Applied, 'INSUFFICIENT_CREDITS' | 'TEAM_NOT_FOUND'>(db, async (tx) => {
          const row = await q.debitWithEntry(tx, entry);
          if (!row) throw new Refused('INSUFFICIENT_CREDITS');
          return { entryId: row.id, balance: row.balance };
        }),
      );
    },

    /**
     * Sets `amount` aside before work whose cost is known only afterwards (a skip trace of N
     * properties sets aside N look-ups). Refused like a charge when the credits fall short.
     */
    async hold(input: { teamId: string; amount: number; description: string }, db: Db = deps.db) {
      assertUnits(input.amount, 'A hold');
      const now = clock.now();
      const held = await atomically<
        { holdId: string; balance: number },
        'INSUFFICIENT_CREDITS' | 'TEAM_NOT_FOUND'
      >(db, async (tx) => {
        const balance = await debit(tx, input.teamId, input.amount, now);
        const hold = await q.insertHold(tx, { ...input, createdAt: now });
        await q.insertEntry(tx, {
          teamId: input.teamId,
          amount: -input.amount,
          reason: 'hold',
          description: input.description,
          balanceAfter: balance,
          holdId: hold.id,
          createdAt: now,
        });
        return { holdId: hold.id, balance };
      });
      return debited(input.teamId, held);
    },

    /**
     * Ends a hold once: gives back what it set aside and charges `charge` units of it (the hits; 0
     * charges nothing). A hold is settled at most once and never charges more than it set aside, so
     * the balance cannot go below zero here. Run it in the transaction that stores the work's results:
     * once they are stored the charge stands (nothing is refunded once data is pulled, spec part 2 §9).
     */
    settle(
      input: { holdId: string; charge: number; reason: ChargeReason; description: string },
      db: Db = deps.db,
    ) {
      return settle(input, db);
    },

    /** Gives a hold back whole (the work was cancelled before it pulled anything). */
    release(holdId: string, db: Db = deps.db) {
      return settle({ holdId, charge: 0, reason: 'skipTraceHit', description: '' }, db);
    },

    /** Credits given by staff: a grant, or a refund of a charge made by mistake. */
    grant(
      input: { teamId: string; amount: number; reason: GrantReason; description: string; actorId: string },
      db: Db = deps.db,
    ) {
      assertUnits(input.amount, 'A grant');
      const now = clock.now();
      return atomically<Applied, 'TEAM_NOT_FOUND'>(db, async (tx) => {
        const balance = await credit(tx, input.teamId, input.amount, now);
        const entry = await q.insertEntry(tx, { ...input, balanceAfter: balance, createdAt: now });
        return { entryId: entry.id, balance };
      });
    },

    /**
     * Credits a payment, once per `externalId` (a Stripe payment intent's id): a webhook delivered
     * twice, or twice at once, credits once; the repeat answers the first entry with `duplicate`. An
     * id already credited to another team is refused.
     */
    async load(
      input: {
        teamId: string;
        amount: number;
        reason: LoadReason;
        externalId: string;
        description: string;
        actorId?: string | null;
      },
      db: Db = deps.db,
    ): Promise<Result<Applied & { duplicate: boolean }, 'EXTERNAL_ID_TAKEN' | 'TEAM_NOT_FOUND'>> {
      assertUnits(input.amount, 'A load');
      const now = clock.now();
      try {
        return await atomically<Applied & { duplicate: boolean }, 'TEAM_NOT_FOUND'>(db, async (tx) => {
          // The balance first: it locks the team's account, so a second delivery of the same payment
          // waits here for the first to commit, then meets its entry and rolls back.
          const balance = await credit(tx, input.teamId, input.amount, now);
          const entry = await q.insertEntryOnce(tx, { ...input, balanceAfter: balance, createdAt: now });
          if (!entry) throw new AlreadyCredited();
          return { entryId: entry.id, balance, duplicate: false };
        });
      } catch (err) {
        if (!(err instanceof AlreadyCredited)) throw err;
      }
      const first = (await q.findEntryByExternalId(db, input.externalId))!;
      if (first.teamId !== input.teamId) return fail('EXTERNAL_ID_TAKEN');
      return ok({ entryId: first.id, balance: await q.findBalance(db, input.teamId), duplicate: true });
    },

    /** The team's entries, newest first, a page at a time. */
    history(teamId: string, page: { skip: number; limit: number }, db: Db = deps.db) {
      return q.listEntries(db, teamId, page.skip, page.limit);
    },
  };
}
