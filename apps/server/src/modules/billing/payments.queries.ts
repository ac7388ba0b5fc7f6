import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { creditAccounts, paymentAccounts, paymentEvents, payments } from '../../db/schema/index.js';

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;
export type PaymentAccountPatch = Partial<Omit<typeof paymentAccounts.$inferInsert, 'teamId'>>;

export async function findAccount(db: Db, teamId: string): Promise<PaymentAccountRow | null> {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.teamId, teamId));
  return row ?? null;
}

export async function findAccountByCustomer(db: Db, customerId: string): Promise<PaymentAccountRow | null> {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.customerId, customerId));
  return row ?? null;
}

/** The team's account row, created empty on first use. */
export async function ensureAccount(db: Db, teamId: string, now: Date): Promise<PaymentAccountRow> {
  await db.insert(paymentAccounts).values({ teamId, updatedAt: now }).onConflictDoNothing();
  return (await findAccount(db, teamId))!;
}

/** Sets the customer once: the first of two concurrent creations wins, the other reads it. */
export async function setCustomerOnce(db: Db, teamId: string, customerId: string, now: Date) {
  await db
    .update(paymentAccounts)
    .set({ customerId, updatedAt: now })
    .where(and(eq(paymentAccounts.teamId, teamId), isNull(paymentAccounts.customerId)));
}

export async function updateAccount(db: Db, teamId: string, patch: PaymentAccountPatch, now: Date) {
  await db
    .update(paymentAccounts)
    .set({ ...patch, updatedAt: now })
    .where(eq(paymentAccounts.teamId, teamId));
}

type Counter = 'loadSeq' | 'subscriptionSeq' | 'cardSeq';

/** Moves a counter past `seen` once: of two requests that used the same key, one moves it. */
export async function advanceCounter(db: Db, teamId: string, counter: Counter, seen: number) {
  const column = paymentAccounts[counter];
  await db
    .update(paymentAccounts)
    .set({ [counter]: seen + 1 })
    .where(and(eq(paymentAccounts.teamId, teamId), eq(column, seen)));
}

/**
 * Claims the team's autofill: only when it is on, no other is under way (or the one under way is
 * older than `staleBefore`: its process died), and the credits, read now, are below the threshold.
 * One UPDATE, so of any number of concurrent charges one claims it. Answers the attempt's number.
 */
export async function claimAutofill(
  db: Db,
  teamId: string,
  now: Date,
  staleBefore: Date,
): Promise<{ seq: number; load: number; customerId: string; paymentMethodId: string } | null> {
  const [row] = await db
    .update(paymentAccounts)
    .set({ autofillClaimedAt: now })
    .where(
      and(
        eq(paymentAccounts.teamId, teamId),
        eq(paymentAccounts.autoFill, true),
        or(isNull(paymentAccounts.autofillClaimedAt), lt(paymentAccounts.autofillClaimedAt, staleBefore)),
        sql`${paymentAccounts.paymentMethodId} is not null and ${paymentAccounts.customerId} is not null`,
        sql`coalesce((select ${creditAccounts.balance} from ${creditAccounts}
          where ${creditAccounts.teamId} = ${teamId}), 0) < ${paymentAccounts.autofillLowerThan}`,
      ),
    )
    .returning({
      seq: paymentAccounts.autofillSeq,
      load: paymentAccounts.autofillLoad,
      customerId: paymentAccounts.customerId,
      paymentMethodId: paymentAccounts.paymentMethodId,
    });
  if (!row || row.load === null) return null;
  return { seq: row.seq, load: row.load, customerId: row.customerId!, paymentMethodId: row.paymentMethodId! };
}

/** Ends an autofill attempt: the next one gets the next number; `failure` turns autofill off. */
export async function finishAutofill(db: Db, teamId: string, seq: number, failure: string | null, now: Date) {
  await db
    .update(paymentAccounts)
    .set({
      autofillClaimedAt: null,
      autofillSeq: seq + 1,
      ...(failure ? { autoFill: false, autofillFailure: failure } : {}),
      updatedAt: now,
    })
    .where(and(eq(paymentAccounts.teamId, teamId), eq(paymentAccounts.autofillSeq, seq)));
}

/** Records a webhook event's id; false when it was recorded before (a repeated delivery). */
export async function recordEventOnce(
  db: Db,
  event: { id: string; type: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ ...event, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/** Records a succeeded payment; false when it was recorded before. */
export async function recordPaymentOnce(db: Db, payment: typeof payments.$inferInsert): Promise<boolean> {
  const rows = await db.insert(payments).values(payment).onConflictDoNothing().returning({ id: payments.id });
  return rows.length > 0;
}
