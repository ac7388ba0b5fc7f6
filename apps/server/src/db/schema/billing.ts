import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CreditReason, PaidPlanName, PaymentKind } from '@prospector/core';
import { teams, users } from './teams.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });
/** Credit units (1/10,000 of a dollar); a number in JS, exact up to $900 billion. */
const units = (name: string) => bigint(name, { mode: 'number' });
const teamRef = () =>
  uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

/**
 * A team's credits: the sum of its ledger entries, kept beside them in the same transaction. The
 * CHECK is what refuses a charge the balance cannot cover, however many run at once (ADR 018).
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    teamId: uuid('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    balance: units('balance').notNull().default(0),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [check('credit_accounts_balance_non_negative', sql`${t.balance} >= 0`)],
);

export type HoldState = 'open' | 'settled';

/** Credits set aside for work under way (a skip trace): settled once, charging at most its amount. */
export const creditHolds = pgTable(
  'credit_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    amount: units('amount').notNull(),
    state: text('state').$type<HoldState>().notNull().default('open'),
    /** What the settlement charged (the rest went back). */
    charged: units('charged'),
    description: text('description').notNull(),
    createdAt: ts('created_at').notNull(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    check('credit_holds_amount_positive', sql`${t.amount} > 0`),
    check('credit_holds_charge_within', sql`${t.charged} is null or ${t.charged} between 0 and ${t.amount}`),
    index('credit_holds_open_idx')
      .on(t.teamId, t.createdAt)
      .where(sql`${t.state} = 'open'`),
  ],
);

/**
 * The ledger: every change of a team's credits, never updated or deleted. `externalId` (a payment
 * provider's id) is unique, so a payment reported twice is credited once.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order entries were written in (entries of one transaction share their instant). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    teamId: teamRef(),
    /** Signed units: + credited, − charged or held. */
    amount: units('amount').notNull(),
    reason: text('reason').$type<CreditReason>().notNull(),
    description: text('description').notNull(),
    /** The team's balance once this entry was applied. */
    balanceAfter: units('balance_after').notNull(),
    holdId: uuid('hold_id').references(() => creditHolds.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    /** The person who made it (staff granting, an admin loading); null for the product's own work. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('credit_entries_amount_non_zero', sql`${t.amount} <> 0`),
    index('credit_entries_team_idx').on(t.teamId, t.seq.desc()),
    uniqueIndex('credit_entries_external_id_key')
      .on(t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

/**
 * A team at the payment provider (ADR 019): its customer, saved card, autofill settings, subscription
 * as last heard, and the counters its idempotency keys are made of (a key names one operation: the
 * n-th load, the n-th autofill, the n-th subscription, so a retry is the same operation).
 */
export const paymentAccounts = pgTable('payment_accounts', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').unique(),
  paymentMethodId: text('payment_method_id'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  /** Cards saved so far: the next card entry's SetupIntent key. */
  cardSeq: integer('card_seq').notNull().default(0),
  autoFill: boolean('auto_fill').notNull().default(false),
  autofillLoad: units('autofill_load'),
  autofillLowerThan: units('autofill_lower_than'),
  autofillSeq: integer('autofill_seq').notNull().default(0),
  /** Set while one autofill is being paid: no second starts (a crashed one is taken over after a while). */
  autofillClaimedAt: ts('autofill_claimed_at'),
  autofillFailure: text('autofill_failure'),
  loadSeq: integer('load_seq').notNull().default(0),
  subscriptionSeq: integer('subscription_seq').notNull().default(0),
  subscriptionId: text('subscription_id'),
  subscriptionStatus: text('subscription_status'),
  subscriptionPlan: text('subscription_plan').$type<PaidPlanName>(),
  subscriptionMonthly: boolean('subscription_monthly'),
  subscriptionCancelAtPeriodEnd: boolean('subscription_cancel_at_period_end').notNull().default(false),
  subscriptionPeriodEnd: ts('subscription_period_end'),
  subscriptionCreatedAt: ts('subscription_created_at'),
  /** When the subscription state we hold was true (the event's time): older events are ignored. */
  subscriptionStateAt: ts('subscription_state_at'),
  updatedAt: ts('updated_at').notNull(),
});

/** Webhook events handled, by the provider's id: a delivery repeated is answered, not handled again. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull(),
});

/**
 * Payments that succeeded, once each by the provider's id (a PaymentIntent, an invoice): what other
 * modules hear of (payments.onPaymentSucceeded), recorded with the credits or plan they bought.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    teamId: teamRef(),
    kind: text('kind').$type<PaymentKind>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('payments_team_idx').on(t.teamId, t.createdAt)],
);
