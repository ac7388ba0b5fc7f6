import {
  enableWebhookEndpoint,
  getIntegrations,
  listWebhookDeliveries,
  listWebhookEndpoints,
  publicSendSms,
  pushToCrm,
  resendWebhookDelivery,
  revealWebhookSecret,
  rotateWebhookSecret,
  updateHooks,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { DomainError, unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

/** Settings hooks and webhooks (delivery log, resend, secrets), 'Push to CRM', and the public API's sendSMS. */
export async function hooksRoutes(app: FastifyInstance) {
  const { hooks, sms, webhooks } = app.services;
  const { PUBLIC_API_PER_MINUTE: perMinute } = app.config;

  route(app, getIntegrations, async ({ auth }) => unwrap(await hooks.integrations(auth)));
  route(app, updateHooks, async ({ auth, body }) => unwrap(await hooks.update(auth, body)));
  route(app, listWebhookEndpoints, async ({ auth }) => ({ endpoints: unwrap(await webhooks.list(auth)) }));
  route(app, listWebhookDeliveries, async ({ auth, params }) => ({
    deliveries: unwrap(await webhooks.deliveries(auth, params.id)),
  }));
  route(app, revealWebhookSecret, async ({ auth, params }) => unwrap(await webhooks.reveal(auth, params.id)));
  route(app, rotateWebhookSecret, async ({ auth, params }) => unwrap(await webhooks.rotate(auth, params.id)));
  route(app, enableWebhookEndpoint, async ({ auth, params }) =>
    unwrap(await webhooks.enable(auth, params.id)),
  );
  route(app, resendWebhookDelivery, async ({ auth, params }) =>
    unwrap(await webhooks.resend(auth, params.id)),
  );
  route(app, pushToCrm, async ({ auth, body }) => unwrap(await hooks.pushToCrm(auth, body.itemId)));

  route(app, publicSendSms, async ({ body }) => {
    const teamId = await hooks.teamByApiKey(body.apiKey);
    if (!teamId) throw new DomainError('API_KEY_INVALID');
    // A sliding minute per team's key, counted in the database: it holds across every process.
    if (!(await hooks.takeApiSlot(teamId, perMinute)))
      throw new DomainError('RATE_LIMITED', { 'retry-after': '60' });
    const message = await sms.sendToProspect(teamId, body.to, body.body);
    if (!message.ok && message.code === 'NOT_AN_IDENTIFIER') throw new DomainError('UNKNOWN_PROSPECT');
    return { ok: true as const, messageId: unwrap(message)._id };
  });
}
