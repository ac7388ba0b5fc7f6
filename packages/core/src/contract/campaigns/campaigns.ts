import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { CAMPAIGN_TYPES, FOLLOW_UP_MAX_DAYS, FOLLOW_UP_MIN_DAYS } from '../../rules/campaigns.js';
import { WAIT_REASONS } from '../../rules/campaigns-waiting.js';
import { CALL_STOP_REASONS } from '../../rules/call-stops.js';
import { REPLY_LABELS } from '../../rules/replies.js';
import { text } from '../text.js';

const id = z.uuid();
const iso = z.iso.datetime({ offset: true });

/** The builder's target: the lists (none: all contacts) and the last-contacted cut-off. */
const targetFilter = {
  listIds: z.array(id).max(200).default([]),
  lastContactedAt: iso.nullable().default(null),
  /** "These N records": a finished `campaign` bulk job's contacts instead of lists (ADR 037). */
  audienceJobId: id.nullable().default(null),
};

/** "If no reply after `afterDays` days, send from these template groups" (rules/campaigns.ts). */
const followUpStep = z.object({
  afterDays: z.number().int().min(FOLLOW_UP_MIN_DAYS).max(FOLLOW_UP_MAX_DAYS),
  groupIds: z.array(id).max(100),
});

/** One step's figures: contacts texted in it, and those who replied (or opted out) to it. */
const stepFigures = z.object({ step: z.number().int(), sent: z.number().int(), replied: z.number().int() });

const waitingGroup = z.object({
  reason: z.enum(WAIT_REASONS),
  count: z.number().int(),
  until: text().nullable(),
  field: text().nullable(),
  /** The law holding them ('FL', 'FL,TX', 'US', 'TEAM'; rules/state-law.ts), or null. */
  law: text().nullable().optional(),
});

export const campaignDto = z.object({
  _id: text(),
  name: text(),
  owner: text().nullable(),
  paused: z.boolean(),
  status: z.enum(['In Progress', 'Finished']),
  campaignType: z.enum(CAMPAIGN_TYPES),
  /** Empty: all contacts (or the selection of `audienceJobId`). */
  listIds: z.array(text()),
  /** The bulk job whose selection is the audience ("these N records"), else null. */
  audienceJobId: text().nullable().default(null),
  /** Status ids. */
  statuses: z.array(text()),
  weekDays: z.array(z.number().int()),
  /** Whole hours of the campaign's timezone. */
  startHour: z.number().int(),
  endHour: z.number().int(),
  timezone: text(),
  startDate: text(),
  endDate: text().nullable(),
  hasEnd: z.boolean(),
  groupIds: z.array(text()),
  devices: z.array(text()),
  daysToChangeReceiver: z.number().int(),
  smsFallback: z.boolean(),
  phoneType: text().nullable(),
  lastContactedAt: text().nullable(),
  createdAt: text(),
  /** Headline figures for the card. */
  recipients: z.number().int(),
  sent: z.number().int(),
  replied: z.number().int(),
  /** Follow-up steps, in order (empty: one text only). */
  followUps: z.array(z.object({ afterDays: z.number().int(), groupIds: z.array(text()) })).default([]),
  /** Per step (0: the first text): texted and replied, for the card. */
  steps: z.array(stepFigures).default([]),
});
export type CampaignDto = z.infer<typeof campaignDto>;

/**
 * Launches a campaign. Times are ISO instants: the server keeps their hour in the team's timezone
 * (startTime → start hour, endTime → end hour). Checked in the spec's order (part 2 §5).
 */
export const launchCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/campaigns/launch',
  auth: true,
  body: z.object({
    name: text().trim().max(120).default(''),
    campaignType: z.enum(CAMPAIGN_TYPES).nullable().default('Text'),
    listIds: z.array(id).max(200).default([]),
    /** A finished `campaign` bulk job of the caller: its contacts are the audience, with no lists. */
    audienceJobId: id.nullable().default(null),
    statuses: z.array(id).max(100).default([]),
    lastContactedAt: iso.nullable().default(null),
    weekDays: z.array(z.number().int().min(1).max(7)).max(7).default([]),
    startTime: iso,
    endTime: iso,
    startDate: iso,
    endDate: iso.nullable().default(null),
    hasEnd: z.boolean().default(false),
    groupIds: z.array(id).max(100).default([]),
    devices: z.array(id).max(1000).default([]),
    daysToChangeReceiver: z.number().int().min(1).max(365).default(1),
    smsFallback: z.boolean().default(false),
    phoneType: z.enum(['All', 'Mobile', 'Landline']).nullable().default(null),
    /** Up to 5 follow-ups (checked by followUpsProblem, which says what is wrong). */
    followUps: z.array(followUpStep).max(20).default([]),
  }),
  response: campaignDto,
});

export const getCampaigns = defineEndpoint({
  method: 'GET',
  path: '/api/campaigns/getAll',
  auth: true,
  query: z.object({
    search: text().trim().max(120).default(''),
    skip: z.coerce.number().int().min(0).default(0),
  }),
  response: z.object({ campaigns: z.array(campaignDto), total: z.number().int() }),
});

export const startStopCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/campaigns/startStop',
  auth: true,
  body: z.object({ campaignId: id, paused: z.boolean() }),
  response: campaignDto,
});

export const removeCampaign = defineEndpoint({
  method: 'PATCH',
  path: '/api/campaigns/remove',
  auth: true,
  body: z.object({ campaignId: id }),
  response: z.object({ ok: z.literal(true) }),
});

const figures = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
});

/** The details modal's live figures. */
export const campaignStats = defineEndpoint({
  method: 'GET',
  path: '/api/campaigns/stats/:campaignId',
  auth: true,
  params: z.object({ campaignId: id }),
  response: figures.extend({
    recipients: z.number().int(),
    /** Waiting for their turn (not texted yet, or waiting to try their next phone). */
    pending: z.number().int(),
    replied: z.number().int(),
    optedOut: z.number().int(),
    /**
     * The recipients who answered, by the label of their latest reply since the campaign texted them
     * (issue 31); a label nobody got is 0.
     */
    repliesByLabel: z.record(z.enum(REPLY_LABELS), z.number().int()),
    /** Skipped: a template field the record lacks, or no usable phone. */
    skipped: z.number().int(),
    byDevice: z.array(figures.extend({ deviceId: text(), name: text(), paused: z.boolean() })),
    /**
     * The recipients still to be texted by why they wait (and the skipped by the field they lack),
     * with when each wait ends (null: it ends when the team acts).
     */
    waiting: z.array(waitingGroup),
    /** When the next text can go (ISO), or null when nothing goes by itself. */
    nextTextAt: text().nullable(),
    /**
     * Per step (0: the first text, then each follow-up): contacts texted in it, replies to it, those
     * stopped by a reply before it, and why those due for it wait.
     */
    steps: z
      .array(stepFigures.extend({ stoppedBefore: z.number().int(), waiting: z.array(waitingGroup) }))
      .default([]),
    /** Warnings for states whose law asks something of the team (Texas registration). */
    lawWarnings: z.array(text()).default([]),
    /**
     * A call campaign's stopped contacts by why (rules/call-stops.ts): taken out of a queue, with the
     * names of whose queue and who took them out, or stopped by the campaign. Empty for texts.
     */
    stopped: z
      .array(
        z.object({
          reason: z.enum(CALL_STOP_REASONS),
          count: z.number().int(),
          removedBy: text().nullable(),
          removedFrom: text().nullable(),
        }),
      )
      .default([]),
  }),
});

/**
 * Before launch: how many of the recipients the filters pick lack each field the chosen template
 * groups use. `covered`: every use of the field gives a fallback (`**Field|fallback**`), so those
 * recipients are texted with it instead of skipped.
 */
export const countMissingFields = defineEndpoint({
  method: 'POST',
  path: '/api/campaigns/missingFields',
  auth: true,
  body: z.object({
    ...targetFilter,
    statuses: z.array(id).max(100).default([]),
    groupIds: z.array(id).max(100).default([]),
  }),
  response: z.object({
    recipients: z.number().int(),
    fields: z.array(z.object({ field: text(), missing: z.number().int(), covered: z.boolean() })),
  }),
});

/** Contacts of a target per status (the builder's status picker). */
export const countItems = defineEndpoint({
  method: 'POST',
  path: '/api/items/count',
  auth: true,
  body: z.object({
    ...targetFilter,
    campaignType: z.enum(CAMPAIGN_TYPES).nullable().default(null),
    phoneType: z.enum(['All', 'Mobile', 'Landline']).nullable().default(null),
  }),
  response: z.array(z.object({ _id: text(), text: text(), count: z.number().int() })),
});
