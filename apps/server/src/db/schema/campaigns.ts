import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DeferReason, FollowUpStep, QueueBlocker } from '@prospector/core';
import { devices } from './devices.js';
import { identifiers, items } from './records.js';
import { teams, users } from './teams.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const teamRef = () =>
  uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

export type CampaignStatus = 'In Progress' | 'Finished';
export type CampaignType = 'Text' | 'Call' | 'Email';

/**
 * A scheduled text campaign. Hours are whole hours of the team's timezone; dates are instants.
 * `pausedDevices` holds devices the engine paused for poor delivery (admin notified).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    name: text('name').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    paused: boolean('paused').notNull().default(false),
    status: text('status').$type<CampaignStatus>().notNull().default('In Progress'),
    campaignType: text('campaign_type').$type<CampaignType>().notNull().default('Text'),
    phoneType: text('phone_type'),
    /** Empty: all contacts of the team. */
    listIds: jsonb('list_ids').$type<string[]>().notNull(),
    /** "These N records": the finished `campaign` bulk job whose contacts are the audience (ADR 037). */
    audienceJobId: uuid('audience_job_id'),
    statusIds: jsonb('status_ids').$type<string[]>().notNull(),
    lastContactedAt: ts('last_contacted_at'),
    weekDays: jsonb('week_days').$type<number[]>().notNull(),
    startHour: integer('start_hour').notNull(),
    endHour: integer('end_hour').notNull(),
    startDate: ts('start_date').notNull(),
    endDate: ts('end_date'),
    hasEnd: boolean('has_end').notNull().default(false),
    timezone: text('timezone').notNull(),
    groupIds: jsonb('group_ids').$type<string[]>().notNull(),
    deviceIds: jsonb('device_ids').$type<string[]>().notNull(),
    pausedDevices: jsonb('paused_devices').$type<string[]>().notNull().default([]),
    daysToChangeReceiver: integer('days_to_change_receiver').notNull().default(1),
    smsFallback: boolean('sms_fallback').notNull().default(false),
    /**
     * Follow-up steps (at most 5): a contact who has not replied `afterDays` days after the previous
     * step's text gets one from these template groups, to the same phone from the same device.
     */
    followUps: jsonb('follow_ups').$type<FollowUpStep[]>().notNull().default([]),
    /** Seeds template and subtemplate rotation, so a campaign's wording is reproducible. */
    seed: integer('seed').notNull().default(0),
    /** Recipients picked at launch (the denominator of the campaign's figures). */
    recipientCount: integer('recipient_count').notNull().default(0),
    /**
     * Why, at the engine's last tick, no device could take the next new contact (a QueueBlocker of
     * core: daily limit, first-touch cap, a device paused or offline), and until when; null when one could.
     */
    waitReason: text('wait_reason').$type<QueueBlocker['reason']>(),
    waitUntil: ts('wait_until'),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('campaigns_team_idx').on(t.teamId, t.createdAt),
    index('campaigns_running_idx')
      .on(t.status)
      .where(sql`${t.status} = 'In Progress' and not ${t.paused}`),
  ],
);

export type RecipientState = 'pending' | 'waiting' | 'done' | 'stopped' | 'skipped';
export type RecipientReason =
  | 'replied'
  | 'optOut'
  | 'blocked'
  | 'status'
  | 'missingField'
  | 'noPhone'
  | 'ended'
  | 'manual'
  /** A call campaign's contact taken out of a queue before its call (`removedBy`, `removedFrom`). */
  | 'unqueued';

/**
 * One contact of a campaign. `pending`: its next text is due at `nextAt`; `waiting`: texted, waiting
 * `daysToChangeReceiver` days for a reply before its next phone is tried; then `done`, or `stopped` /
 * `skipped` with a reason. `step` counts the texts sent; (recipient, step) is unique on sms_jobs, so
 * no engine ever sends one step twice.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    identifierId: uuid('identifier_id').references(() => identifiers.id, { onDelete: 'set null' }),
    /** Phones already tried (identifier ids), so a receiver change moves on. */
    tried: jsonb('tried').$type<string[]>().notNull().default([]),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    state: text('state').$type<RecipientState>().notNull().default('pending'),
    reason: text('reason').$type<RecipientReason>(),
    step: integer('step').notNull().default(0),
    nextAt: ts('next_at').notNull(),
    /** Why the engine put it off until `nextAt` (a DeferReason of core); null once texted or due. */
    waitReason: text('wait_reason').$type<DeferReason>(),
    /** The template field it lacked, when skipped for 'missingField'. */
    missingField: text('missing_field'),
    lastSentAt: ts('last_sent_at'),
    /** The step its next (or current) text belongs to: 0 is the first text, 1–5 the follow-ups. */
    followUp: integer('follow_up').notNull().default(0),
    /** The step of its last text (null: never texted): per-step figures and reply rates. */
    lastStep: integer('last_step'),
    /** The law named by its wait (state-law.ts bindingLaw: 'FL', 'FL,TX', 'US', 'TEAM'). */
    waitLaw: text('wait_law'),
    /** The states whose law applied to it when last decided (comma list; Texas warns of registration). */
    lawStates: text('law_states'),
    /** Who took its queued call out of a queue, 'unqueued' (null: nobody, or no longer on the team). */
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The member whose queue it was taken out of. */
    removedFrom: uuid('removed_from').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('campaign_recipients_due_idx')
      .on(t.campaignId, t.nextAt, t.seq)
      .where(sql`${t.state} in ('pending', 'waiting')`),
    index('campaign_recipients_item_idx').on(t.itemId),
    index('campaign_recipients_campaign_state_idx').on(t.campaignId, t.state),
  ],
);

/**
 * A device's campaign texts on one day of the team's timezone: the daily limit (ppgl), the first-touch
 * cap and the random spacing between sends, shared by every engine process (rows are locked per tick).
 */
export const deviceCampaignDays = pgTable(
  'device_campaign_days',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    sent: integer('sent').notNull().default(0),
    firstTouch: integer('first_touch').notNull().default(0),
    nextSendAt: ts('next_send_at'),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);
