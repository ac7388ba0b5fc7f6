/**
 * Outgoing webhooks (issue 33, ADR 045): Standard Webhooks signing, the retry schedule, when an
 * endpoint is disabled, the events a subscription may ask for and a sample of each.
 */

/** What a subscription may ask for; every delivery's body names one as `type`. */
export const WEBHOOK_EVENTS = [
  'message.received',
  'message.sent',
  'message.delivered',
  'message.failed',
  'reply.labelled',
  'contact.created',
  'contact.status_changed',
  'contact.opted_out',
  'campaign.finished',
  'list.imported',
  'call.ended',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEvent(value: string): value is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/**
 * The team's hooks of Settings > Integrations (their bodies are part 2 §3's samples, not envelopes)
 * and the subscriptions made through `POST /api/v1/webhooks`.
 */
export const WEBHOOK_ENDPOINT_KINDS = ['push', 'podio', 'inbound', 'outbound', 'subscription'] as const;
export type WebhookEndpointKind = (typeof WEBHOOK_ENDPOINT_KINDS)[number];

/** The event type each Settings hook's deliveries carry (`push` and `podio`: a record pushed to the CRM). */
export const HOOK_EVENT: Record<Exclude<WebhookEndpointKind, 'subscription'>, string> = {
  push: 'contact.pushed',
  podio: 'contact.pushed',
  inbound: 'message.received',
  outbound: 'message.sent',
};

const S = 1000;
const M = 60 * S;
const H = 60 * M;

/**
 * When each attempt is made, counted from the one before (Svix's schedule): at once, then 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h and 10 h — 8 attempts over about 27 hours.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5 * S,
  5 * M,
  30 * M,
  2 * H,
  5 * H,
  10 * H,
  10 * H,
];

/**
 * How long to wait after attempt number `attemptsMade` (1-based) failed, or null when that was the
 * last one and the delivery has failed.
 */
export function nextRetryDelayMs(
  attemptsMade: number,
  schedule: readonly number[] = WEBHOOK_RETRY_SCHEDULE_MS,
): number | null {
  if (attemptsMade < 1) return schedule[0] ?? 0;
  return attemptsMade < schedule.length ? schedule[attemptsMade]! : null;
}

/** An endpoint every attempt of which has failed this long is disabled, and its team's admins told. */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * H;

/**
 * Whether an endpoint whose attempts have all failed since `failingSince` (null: its last attempt
 * succeeded) is to be disabled at `now`.
 */
export function shouldDisableEndpoint(
  failingSince: Date | null,
  now: Date,
  afterMs: number = WEBHOOK_DISABLE_AFTER_MS,
): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= afterMs;
}

/** After a rotation the old secret still signs (beside the new one) for this long. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * H;

/** Secrets are `whsec_` and the base64 of the key, as the `standardwebhooks` libraries read them. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function looksLikeWebhookSecret(value: string): boolean {
  return /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/.test(value);
}

/** What is signed: `${id}.${timestamp}.${body}` (Standard Webhooks 1.0, "Signature scheme"). */
export function signedContent(id: string, timestampSeconds: number, body: string): string {
  return `${id}.${timestampSeconds}.${body}`;
}

/** The `webhook-id` of a delivery: the same on every attempt and resend, so receivers can drop repeats. */
export function webhookMessageId(deliveryId: string): string {
  return `msg_${deliveryId.replace(/-/g, '')}`;
}

/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_HEAD_BYTES = 512;

/** Which secrets sign at `now`: the current one, and the previous one while its overlap lasts. */
export function signingSecrets(
  endpoint: { secret: string; previousSecret: string | null; previousUntil: Date | null },
  now: Date,
): string[] {
  const keepOld =
    endpoint.previousSecret !== null &&
    endpoint.previousUntil !== null &&
    now.getTime() < endpoint.previousUntil.getTime();
  return keepOld ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}

/** A subscription's body: the Standard Webhooks envelope. */
export type WebhookEnvelope = { type: string; timestamp: string; data: Record<string, unknown> };

export function webhookEnvelope(type: string, at: Date, data: Record<string, unknown>): WebhookEnvelope {
  return { type, timestamp: at.toISOString(), data };
}

/**
 * How a contact came to be (ADR 045 addendum): through the public API, added by hand in the app, read
 * from a list import, made by a text or a call from a number the team did not have, or found as a
 * property's owner by a skip trace. A Zap or a Make scenario filters on it (e.g. to skip a big import's contacts).
 */
export const CONTACT_SOURCES = ['api', 'app', 'import', 'text', 'call', 'skiptrace'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

/** `contact.created`'s data: the same shape whichever way the contact was made. */
export function contactCreatedData(c: {
  contactId: string;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  phones: readonly string[];
  emails: readonly string[];
  createdAt: Date;
  source: ContactSource;
  listId?: string | null | undefined;
}): Record<string, unknown> {
  return {
    contactId: c.contactId,
    firstName: c.firstName || null,
    lastName: c.lastName || null,
    phones: [...c.phones],
    emails: [...c.emails],
    source: c.source,
    listId: c.listId ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

const SAMPLE_AT = '2026-11-28T15:00:00.000Z';
const CONTACT = '0f8fad5b-d9cb-469f-a165-70867728950e';
const MESSAGE = '9b2d3c1e-5f4a-4b6c-8d7e-0a1b2c3d4e5f';

/** One sample `data` per event: what Zapier's and Make's "test" step shows before a real event comes. */
export const WEBHOOK_SAMPLES: Record<WebhookEvent, Record<string, unknown>> = {
  'message.received': {
    messageId: MESSAGE,
    contactId: CONTACT,
    from: '+19164327788',
    body: 'Yes, still interested. Call me after 5.',
    receivedAt: SAMPLE_AT,
  },
  'message.sent': {
    messageId: MESSAGE,
    contactId: CONTACT,
    from: '+19165550100',
    to: '+19164327788',
    body: 'Hi Dana, are you still thinking of selling 12 Oak St?',
    sentAt: SAMPLE_AT,
  },
  'message.delivered': { messageId: MESSAGE, contactId: CONTACT, status: 'delivered', at: SAMPLE_AT },
  'message.failed': {
    messageId: MESSAGE,
    contactId: CONTACT,
    status: 'failed',
    error: 'The carrier refused the text.',
    at: SAMPLE_AT,
  },
  'reply.labelled': {
    messageId: MESSAGE,
    contactId: CONTACT,
    label: 'interested',
    source: 'model',
    at: SAMPLE_AT,
  },
  'contact.created': {
    contactId: CONTACT,
    firstName: 'Dana',
    lastName: 'Whitfield',
    phones: ['+19164327788'],
    emails: ['dana@example.com'],
    source: 'api',
    listId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    createdAt: SAMPLE_AT,
  },
  'contact.status_changed': {
    contactId: CONTACT,
    statusId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    status: 'Hot lead',
    at: SAMPLE_AT,
  },
  'contact.opted_out': { contactId: CONTACT, phone: '+19164327788', messageId: MESSAGE, at: SAMPLE_AT },
  'campaign.finished': {
    campaignId: '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
    name: 'Spring sellers',
    finishedAt: SAMPLE_AT,
  },
  'list.imported': {
    listId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    name: 'Sacramento absentee owners',
    state: 'imported',
    itemCount: 1240,
    at: SAMPLE_AT,
  },
  'call.ended': {
    callId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
    contactId: CONTACT,
    direction: 'out',
    phone: '+19164327788',
    durationSeconds: 94,
    outcome: 'Answered',
    endedAt: SAMPLE_AT,
  },
};
