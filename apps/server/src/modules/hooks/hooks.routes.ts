import { getIntegrations, publicSendSms, pushToCrm, updateHooks } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { DomainError, unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

/** Settings hooks, 'Push to CRM', and the public API's sendSMS. */
export async function hooksRoutes(app: FastifyInstance) {
  const { hooks, sms } = app.services;
  const perKey = new Map<string, number[]>();
  const { PUBLIC_API_PER_MINUTE: perMinute } = app.config;

  route(app, getIntegrations, async ({ auth }) => unwrap(await hooks.integrations(auth)));
  route(app, updateHooks, async ({ auth, body }) => unwrap(await hooks.update(auth, body)));
  route(app, pushToCrm, async ({ auth, body }) => unwrap(await hooks.pushToCrm(auth, body.itemId)));

  route(app, publicSendSms, async ({ body }) => {
    const teamId = await hooks.teamByApiKey(body.apiKey);
    if (!teamId) throw new DomainError('API_KEY_INVALID');
    // A sliding minute per key, in this process (see docs/scaling.md for many processes).
    const now = Date.now();
    const recent = (perKey.get(body.apiKey) ?? []).filter((t) => now - t < 60_000);
    if (recent.length >= perMinute) throw new DomainError('RATE_LIMITED', { 'retry-after': '60' });
    perKey.set(body.apiKey, [...recent, now]);
    const message = await sms.sendToProspect(teamId, body.to, body.body);
    if (!message.ok && message.code === 'NOT_AN_IDENTIFIER') throw new DomainError('UNKNOWN_PROSPECT');
    return { ok: true as const, messageId: unwrap(message)._id };
  });
}
