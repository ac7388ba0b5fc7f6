import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_SAMPLES } from '../../rules/webhooks.js';
import { text } from '../text.js';
import { defineV1, type V1Endpoint } from './v1-define.js';

/**
 * Subscriptions (REST hooks, as Zapier and Make use them; issue 33, ADR 045): an integration
 * subscribes a URL to events, gets the endpoint's signing secret once, and unsubscribes by id.
 */
export const webhookEvent = z.enum(WEBHOOK_EVENTS);

export const v1Webhook = z.object({
  id: z.uuid(),
  url: text(),
  events: z.array(webhookEvent),
  /** Set when every attempt failed for 5 days: nothing is sent until an admin enables it again. */
  disabledAt: text().nullable(),
  createdAt: text(),
});

const WEBHOOK_ID = '5a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const AT = '2026-11-28T15:00:00.000Z';
const exampleWebhook = {
  id: WEBHOOK_ID,
  url: 'https://hooks.zapier.com/hooks/standard/123456/abcdef/',
  events: ['message.received' as const],
  disabledAt: null,
  createdAt: AT,
};

export const v1ListWebhooks = defineV1({
  method: 'GET',
  path: '/api/v1/webhooks',
  auth: false,
  scope: 'webhooks',
  operationId: 'listWebhooks',
  tag: 'Webhooks',
  summary: 'List subscriptions',
  description: 'The team’s subscriptions made through this API, oldest first.',
  response: z.object({ data: z.array(v1Webhook) }),
  example: { response: { data: [exampleWebhook] } },
});

export const v1CreateWebhook = defineV1({
  method: 'POST',
  path: '/api/v1/webhooks',
  auth: false,
  scope: 'webhooks',
  operationId: 'createWebhook',
  tag: 'Webhooks',
  summary: 'Subscribe a URL to events',
  description:
    'Every event of these types is POSTed to the URL as `{ type, timestamp, data }`, signed as ' +
    'Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the `secret` ' +
    'answered here, the only time it is shown. A failed delivery is retried 8 times over about a day. ' +
    'The URL must be public: private, loopback and link-local addresses are refused.',
  idempotent: true,
  body: z.object({
    url: text().trim().min(1).max(2000),
    events: z.array(webhookEvent).min(1).max(WEBHOOK_EVENTS.length),
  }),
  response: v1Webhook.extend({ secret: text() }),
  example: {
    body: { url: exampleWebhook.url, events: ['message.received'] },
    response: { ...exampleWebhook, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
  },
});

export const v1DeleteWebhook = defineV1({
  method: 'DELETE',
  path: '/api/v1/webhooks/:id',
  auth: false,
  scope: 'webhooks',
  operationId: 'deleteWebhook',
  tag: 'Webhooks',
  summary: 'Unsubscribe',
  description: 'Removes the subscription: nothing more is sent to it, retries included.',
  params: z.object({ id: z.uuid() }),
  response: z.object({ id: z.uuid(), deleted: z.literal(true) }),
  example: { response: { id: WEBHOOK_ID, deleted: true } },
});

export const v1WebhookSample = defineV1({
  method: 'GET',
  path: '/api/v1/webhooks/samples/:event',
  auth: false,
  scope: 'webhooks',
  operationId: 'getWebhookSample',
  tag: 'Webhooks',
  summary: 'A sample event',
  description: 'What a delivery of this event type carries, for an integration’s “test” step.',
  params: z.object({ event: webhookEvent }),
  response: z.object({ type: webhookEvent, timestamp: text(), data: z.record(text(), z.unknown()) }),
  example: {
    response: { type: 'message.received', timestamp: AT, data: WEBHOOK_SAMPLES['message.received'] },
  },
});

export const V1_WEBHOOK_ENDPOINTS: readonly V1Endpoint[] = [
  v1ListWebhooks,
  v1CreateWebhook,
  v1DeleteWebhook,
  v1WebhookSample,
];
