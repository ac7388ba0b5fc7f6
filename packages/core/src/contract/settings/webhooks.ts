import { z } from 'zod';
import { WEBHOOK_ENDPOINT_KINDS } from '../../rules/webhooks.js';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/**
 * Settings > Integrations > Webhooks (issue 33, ADR 045): every endpoint the team's events go to
 * (its hooks and the subscriptions integrations made), each one's deliveries and attempts, resend,
 * secret rotation. Admins only.
 */

export const webhookEndpointDto = z.object({
  _id: z.uuid(),
  kind: z.enum(WEBHOOK_ENDPOINT_KINDS),
  url: text(),
  /** The events a subscription asked for; a hook's one event. */
  events: z.array(text()),
  /** Set when every attempt failed for days: nothing is sent until an admin enables it again. */
  disabledAt: text().nullable(),
  /** Until when the secret before the last rotation still signs too. */
  previousSecretUntil: text().nullable(),
  createdAt: text(),
});
export type WebhookEndpointDto = z.infer<typeof webhookEndpointDto>;

export const webhookAttemptDto = z.object({
  _id: z.uuid(),
  at: text(),
  /** null when no answer came (refused address, no connection, timeout). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The answer's first bytes (512), or what went wrong. */
  response: text(),
});

export const webhookDeliveryDto = z.object({
  _id: z.uuid(),
  /** The `webhook-id` header: the same on every attempt. */
  messageId: text(),
  eventType: text(),
  state: z.enum(['pending', 'delivered', 'failed']),
  createdAt: text(),
  nextAttemptAt: text().nullable(),
  attempts: z.array(webhookAttemptDto),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliveryDto>;

const endpointParams = z.object({ id: z.uuid() });

export const listWebhookEndpoints = defineEndpoint({
  method: 'GET',
  path: '/api/settings/webhooks',
  auth: true,
  response: z.object({ endpoints: z.array(webhookEndpointDto) }),
});

/** An endpoint's latest deliveries (50), newest first, each with its attempts. */
export const listWebhookDeliveries = defineEndpoint({
  method: 'GET',
  path: '/api/settings/webhooks/:id/deliveries',
  auth: true,
  params: endpointParams,
  response: z.object({ deliveries: z.array(webhookDeliveryDto) }),
});

/** The endpoint's signing secret (`whsec_…`), shown on request. */
export const revealWebhookSecret = defineEndpoint({
  method: 'POST',
  path: '/api/settings/webhooks/:id/secret',
  auth: true,
  params: endpointParams,
  response: z.object({ secret: text() }),
});

/** A new secret; the old one keeps signing beside it for 24 hours. Answers the new one (shown once). */
export const rotateWebhookSecret = defineEndpoint({
  method: 'POST',
  path: '/api/settings/webhooks/:id/rotate',
  auth: true,
  params: endpointParams,
  response: z.object({ secret: text(), endpoint: webhookEndpointDto }),
});

/** Enables a disabled endpoint again (its failures are forgotten). */
export const enableWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/settings/webhooks/:id/enable',
  auth: true,
  params: endpointParams,
  response: webhookEndpointDto,
});

/** Sends one delivery again now, as a new attempt with the same `webhook-id`. */
export const resendWebhookDelivery = defineEndpoint({
  method: 'POST',
  path: '/api/settings/webhooks/deliveries/:id/resend',
  auth: true,
  params: endpointParams,
  response: webhookDeliveryDto,
});
