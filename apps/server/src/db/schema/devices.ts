import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { items, messages } from './records.js';
import { teams } from './teams.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const teamRef = () =>
  uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

export type DeviceKind = 'android' | 'mac' | 'iphone';
/**
 * How the server reaches a device (docs/device-protocol.md):
 * - `agent`: our device agent (or a simulated phone) holds a socket to the server;
 * - `sms_gateway`: the stock SMS Gateway for Android app in private server mode calls our mobile API;
 * - `sms_gateway_local`: the same app in local server mode, called by the server on the phone's address;
 * - `bluebubbles`: a Mac running BlueBubbles Server, called by the server on its URL.
 */
export type DeviceTransport = 'agent' | 'sms_gateway' | 'sms_gateway_local' | 'bluebubbles';
export type JobState = 'queued' | 'offered' | 'accepted' | 'sent' | 'delivered' | 'failed';

/**
 * A team's devices: Android phones and Macs run the device agent; an iPhone is a number (or Apple ID)
 * its Mac sends from. Agent devices hold the connection state; an iPhone is as connected as its Mac.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    kind: text('kind').$type<DeviceKind>().notNull(),
    /** Android and iPhone: the E.164 phone or Apple ID e-mail texts come from. Mac: its computer name. */
    value: text('value').notNull(),
    /** An iPhone's Mac. */
    macId: uuid('mac_id'),
    isIntel: boolean('is_intel').notNull().default(false),
    /** A simulated phone the server runs itself (Settings > Devices > 'Add a simulated phone'). */
    simulated: boolean('simulated').notNull().default(false),
    /** Bumped to revoke every token handed out for this device (the token is an HMAC of id and version). */
    tokenVersion: integer('token_version').notNull().default(1),
    /**
     * Members who were handed this device's credentials (added it, paired it, took its app's sign-in
     * code). When one of them may no longer hold a device, its credentials are voided (issue 36).
     */
    holders: uuid('holders')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    connected: boolean('connected').notNull().default(false),
    connectedAt: ts('connected_at'),
    disconnectedAt: ts('disconnected_at'),
    pingedAt: ts('pinged_at'),
    platform: text('platform'),
    agentVersion: text('agent_version'),
    transport: text('transport').$type<DeviceTransport>().notNull().default('agent'),
    /** Local server mode and BlueBubbles: the base URL the server calls. */
    endpoint: text('endpoint'),
    /** Credentials and keys the server must use again (passwords, signing keys), sealed (lib/sealed.ts). */
    sealedSecrets: text('sealed_secrets'),
    /** SMS Gateway app: SHA-256 of the bearer token it was given at registration. */
    tokenHash: text('token_hash'),
    /** What a transport remembers between calls (poll cursors, the app's reported settings). */
    remoteState: jsonb('remote_state').$type<Record<string, unknown>>().notNull().default({}),
    /** Texts sent and received on `counterDay` (the team's local date); reset when the day changes. */
    sentToday: integer('sent_today').notNull().default(0),
    receivedToday: integer('received_today').notNull().default(0),
    counterDay: date('counter_day'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('devices_team_value_key').on(t.teamId, t.kind, sql`lower(${t.value})`),
    uniqueIndex('devices_token_hash_key')
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} is not null`),
  ],
);

/**
 * One-time codes a member shows a phone to register it ("Sign in by code" in the SMS Gateway app):
 * short-lived, used once, for one team. Only the code's hash is kept.
 */
export const deviceCodes = pgTable(
  'device_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    codeHash: text('code_hash').notNull(),
    createdBy: uuid('created_by'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /** The device the code registered. */
    deviceId: uuid('device_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('device_codes_hash_key').on(t.codeHash)],
);

/** One text to one recipient through one device (docs/device-protocol.md). */
export const smsJobs = pgTable(
  'sms_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    /** The agent device (Android or Mac) that sends it. */
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The number or Apple ID it goes out from (an iPhone of the Mac, or the Android's own number). */
    fromValue: text('from_value').notNull(),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    body: text('body').notNull(),
    state: text('state').$type<JobState>().notNull().default('queued'),
    attempt: integer('attempt').notNull().default(1),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    offeredAt: ts('offered_at'),
    acceptedAt: ts('accepted_at'),
    sentAt: ts('sent_at'),
    doneAt: ts('done_at'),
    error: text('error'),
    /** A campaign's text: its campaign, recipient and step (unique: one step is never sent twice). */
    campaignId: uuid('campaign_id'),
    recipientId: uuid('recipient_id'),
    step: integer('step'),
    /** The template a campaign text was written from: a final failure counts against it (blockedCount). */
    templateId: uuid('template_id'),
    /** The id the device's own software gave the text (BlueBubbles' message guid), when not ours. */
    externalId: text('external_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('sms_jobs_dispatch_idx').on(t.deviceId, t.state, t.nextAttemptAt),
    index('sms_jobs_message_idx').on(t.messageId),
    index('sms_jobs_external_idx')
      .on(t.deviceId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    uniqueIndex('sms_jobs_recipient_step_key')
      .on(t.recipientId, t.step)
      .where(sql`${t.recipientId} is not null`),
    // A device's latest texts (campaign delivery health).
    index('sms_jobs_from_idx').on(t.teamId, t.fromValue, t.createdAt.desc()),
    // A team's texts of one month (the plan's usage, rules/billing.ts).
    index('sms_jobs_team_created_idx').on(t.teamId, t.createdAt),
    index('sms_jobs_campaign_idx')
      .on(t.campaignId, t.deviceId, t.state)
      .where(sql`${t.campaignId} is not null`),
  ],
);

/** Inbound texts already taken from a device, by the phone's own id: a repeated report is ignored. */
export const deviceInbound = pgTable(
  'device_inbound',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.externalId] })],
);
