import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CallStatus } from '@prospector/core';
import { campaigns } from './campaigns.js';
import { items, statuses } from './records.js';
import { teams, users } from './teams.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const teamRef = () =>
  uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

/** The team's rented voice numbers: every outbound call's caller ID is one of these. */
export const callNumbers = pgTable(
  'call_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    number: text('number').notNull(),
    /** The provider's id of the number (Twilio's PN…), to release it. */
    providerSid: text('provider_sid').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('call_numbers_team_number_key').on(t.teamId, t.number)],
);

/**
 * The team's sub-account at the voice provider (ADR 026): its numbers are rented under it, so staff can
 * see, release or replace one team's numbers (the suspension page) by its sid.
 */
export const voiceAccounts = pgTable('voice_accounts', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  sid: text('sid').notNull().unique('voice_accounts_sid_key'),
  createdAt: ts('created_at').notNull(),
});

/** Recorded voicemails (ogg/opus files under DATA_DIR/voicemails), owned by a member, heard by the team. */
export const voicemails = pgTable(
  'voicemails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    file: text('file').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('voicemails_team_idx').on(t.teamId, t.createdAt)],
);

/**
 * Members' call queues: one entry per record per team (a record is in at most one member's queue, so
 * it is called at most once). The spec's Item queued / campaignType / callStatus live here;
 * items.queued mirrors "has an entry still queued" for the board.
 */
export const callQueue = pgTable(
  'call_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: teamRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    callStatus: text('call_status').$type<CallStatus>(),
    queuedAt: ts('queued_at').notNull(),
  },
  (t) => [
    uniqueIndex('call_queue_team_item_key').on(t.teamId, t.itemId),
    index('call_queue_user_idx')
      .on(t.userId, t.id)
      .where(sql`${t.callStatus} is null`),
  ],
);

/** Every call placed or received: its line, outcome and the thread message that records it. */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    sid: text('sid'),
    status: text('status').$type<CallStatus>().notNull(),
    /** A person answered (counts toward the abandonment rate's denominator). */
    answered: boolean('answered').notNull().default(false),
    vmId: uuid('vm_id').references(() => voicemails.id, { onDelete: 'set null' }),
    startedAt: ts('started_at').notNull(),
    answeredAt: ts('answered_at'),
    endedAt: ts('ended_at'),
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (t) => [
    uniqueIndex('calls_sid_key').on(t.sid),
    index('calls_team_campaign_idx').on(t.teamId, t.campaignId, t.startedAt),
    // The team's calls of a period (the KPIs' call outcomes per day).
    index('calls_team_started_idx').on(t.teamId, t.startedAt),
    // A record's calls: the state's 24-hour limit and a member's own calls (ADR 046).
    index('calls_item_idx').on(t.itemId, t.startedAt.desc()),
  ],
);

/** A status's call settings (spec part 2 §3 Status forward, forwardTo, autoRvm, selectedVm). */
export const statusCallSettings = pgTable('status_call_settings', {
  statusId: uuid('status_id')
    .primaryKey()
    .references(() => statuses.id, { onDelete: 'cascade' }),
  teamId: teamRef(),
  forward: boolean('forward').notNull().default(false),
  forwardTo: text('forward_to'),
  autoRvm: boolean('auto_rvm').notNull().default(false),
  selectedVm: uuid('selected_vm').references(() => voicemails.id, { onDelete: 'set null' }),
});

/** A user's own call settings (spec part 2 §3 User noStatusCalls, forwardOnly, defaultVm). */
export const userCallSettings = pgTable('user_call_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  teamId: teamRef(),
  /** Records with no status are not dialled from this member's queue. */
  noStatusCalls: boolean('no_status_calls').notNull().default(false),
  /** Inbound calls for this member ring their phone (forwardNumber), never their browser. */
  forwardOnly: boolean('forward_only').notNull().default(false),
  forwardNumber: text('forward_number'),
  defaultVm: uuid('default_vm').references(() => voicemails.id, { onDelete: 'set null' }),
});
