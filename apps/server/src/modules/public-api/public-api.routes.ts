import {
  API_PAGE_DEFAULT,
  buildOpenApiDocument,
  isWebhookEvent,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  v1AddToList,
  v1ContactTexts,
  v1CreateContact,
  v1CreateList,
  v1GetContact,
  v1ListContacts,
  v1SendText,
  v1UpdateContact,
  v1CreateWebhook,
  v1DeleteWebhook,
  v1ListWebhooks,
  v1WebhookSample,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { DomainError, unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { registerApiDocs } from './api-docs.js';
import { v1MoreRoutes } from './v1-more.routes.js';
import { v1Route } from './v1-route.js';

/** Settings > API keys, and the public API v1 with its OpenAPI document and reference page. */
export async function publicApiRoutes(app: FastifyInstance) {
  const { apiKeys, v1, sms } = app.services;

  route(app, listApiKeys, async ({ auth }) => unwrap(await apiKeys.list(auth)));
  route(app, createApiKey, async ({ auth, body, client }) =>
    unwrap(await apiKeys.create(auth, body, client.ip)),
  );
  route(app, revokeApiKey, async ({ auth, body, client }) =>
    unwrap(await apiKeys.revoke(auth, body._id, client.ip)),
  );

  v1Route(app, v1ListContacts, async ({ caller, query }) =>
    unwrap(await v1.pageContacts(caller.teamId, query.cursor, query.limit ?? API_PAGE_DEFAULT)),
  );
  v1Route(app, v1CreateContact, async ({ caller, body }) =>
    unwrap(await v1.createContact(caller.teamId, body)),
  );
  v1Route(app, v1GetContact, async ({ caller, params }) =>
    unwrap(await v1.contact(caller.teamId, params.id)),
  );
  v1Route(app, v1UpdateContact, async ({ caller, params, body }) =>
    unwrap(await v1.updateContact(caller.teamId, params.id, body)),
  );
  v1Route(app, v1ContactTexts, async ({ caller, params }) =>
    unwrap(await v1.thread(caller.teamId, params.id)),
  );
  v1Route(app, v1SendText, async ({ caller, body }) => {
    // The same path as the app's texts and `sendSMS`: the team's devices, pacing and opt-outs.
    const sent = await sms.sendToProspect(caller.teamId, body.to, body.body);
    if (!sent.ok && sent.code === 'NOT_AN_IDENTIFIER') throw new DomainError('UNKNOWN_PROSPECT');
    const message = unwrap(sent);
    return { id: message._id, status: message.status ?? null };
  });
  v1Route(app, v1CreateList, async ({ caller, body }) =>
    unwrap(await v1.createList(caller.teamId, body.name, caller.createdBy)),
  );
  v1Route(app, v1AddToList, async ({ caller, params, body }) =>
    unwrap(await v1.addToList(caller.teamId, params.id, body.contactIds)),
  );

  await v1MoreRoutes(app);
  // Subscriptions (ADR 045): the webhooks module owns them.
  const { webhooks } = app.services;
  const subscription = (e: Awaited<ReturnType<typeof webhooks.subscriptions>>[number]) => ({
    id: e.id,
    url: e.url,
    events: e.events.filter(isWebhookEvent),
    disabledAt: e.disabledAt?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
  });
  v1Route(app, v1ListWebhooks, async ({ caller }) => ({
    data: (await webhooks.subscriptions(caller.teamId)).map(subscription),
  }));
  v1Route(app, v1CreateWebhook, async ({ caller, body }) => {
    const made = unwrap(await webhooks.subscribe(caller.teamId, { ...body, apiKeyId: caller.keyId }));
    return { ...subscription(made.endpoint), secret: made.secret };
  });
  v1Route(app, v1DeleteWebhook, async ({ caller, params }) => ({
    ...unwrap(await webhooks.unsubscribe(caller.teamId, params.id)),
    deleted: true as const,
  }));
  v1Route(app, v1WebhookSample, async ({ params }) => ({
    ...webhooks.sample(params.event),
    type: params.event,
  }));

  const document = JSON.stringify(
    buildOpenApiDocument({ serverUrl: app.config.PUBLIC_URL.replace(/\/$/, '') }),
  );
  app.get('/api/v1/openapi.json', async (_req, reply) =>
    reply.type('application/json; charset=utf-8').header('access-control-allow-origin', '*').send(document),
  );
  await registerApiDocs(app);
}
