import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams, users } from './teams.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });
/** Whole cents (a number in JS, exact far past any sum the programme will see). */
const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * A user's place in the affiliate programme (ADR 021): the code of their link, their payout account,
 * and their earnings — the sum of their entries, kept beside them in the same transaction. The CHECK
 * refuses any withdrawal or load that would take the earnings below zero, however many run at once.
 */
export const affiliateAccounts = pgTable(
  'affiliate_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The hash in the affiliate link: a keyed hash of the user id, never the id itself. */
    code: text('code').notNull(),
    earnings: cents('earnings_cents').notNull().default(0),
    /** The payout provider's connected account (Stripe Connect `acct_…`), once created. */
    payoutAccountId: text('payout_account_id'),
    /** The provider said the account can receive payouts (its onboarding is done). */
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('affiliate_accounts_code_key').on(t.code),
    check('affiliate_accounts_earnings_non_negative', sql`${t.earnings} >= 0`),
  ],
);

/** A team that signed up through an affiliate link: at most one referrer per team. */
export const affiliateSignups = pgTable(
  'affiliate_signups',
  {
    teamId: uuid('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('affiliate_signups_referrer_idx').on(t.referrerId)],
);

export type AffiliateEntryKind = 'earning' | 'withdrawal' | 'credits';
export type AffiliateEntryState = 'done' | 'pending';

/**
 * The affiliate history (spec part 2 §3): earnings in, withdrawals and loads out (`minus`). An
 * earning's `paymentId` is unique, so a payment reported twice earns once.
 */
export const affiliateEntries = pgTable(
  'affiliate_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order entries were written in (an earning carries its payment's time, which may be older). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AffiliateEntryKind>().notNull(),
    amount: cents('amount_cents').notNull(),
    minus: boolean('minus').notNull(),
    description: text('description').notNull(),
    /** A withdrawal stays 'pending' until the provider confirms its transfer. */
    state: text('state').$type<AffiliateEntryState>().notNull().default('done'),
    /** The referred team's payment that earned this (earnings only). */
    paymentId: text('payment_id'),
    referredTeamId: uuid('referred_team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** The provider's transfer (withdrawals, once confirmed). */
    transferId: text('transfer_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('affiliate_entries_amount_positive', sql`${t.amount} > 0`),
    index('affiliate_entries_user_idx').on(t.userId, t.seq.desc()),
    uniqueIndex('affiliate_entries_payment_key')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    index('affiliate_entries_pending_idx')
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
  ],
);
