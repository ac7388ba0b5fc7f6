import {
  addCredits,
  cancelSubscription,
  changeAutoFill,
  changeCard,
  createSetupIntent,
  getBilling,
  getBillingHistory,
  getBillingUsage,
  subscribe,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { DomainError, unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

/** The webhook's path: Stripe's dashboard is given `${PUBLIC_URL}${WEBHOOK_PATH}`. */
export const WEBHOOK_PATH = '/api/billing/webhook';

/** Settings > Billing: plan, usage, credits, history (admins; staff), and payments (admins). */
export async function billingRoutes(app: FastifyInstance) {
  const { billing, payments } = app.services;
  route(app, getBilling, async ({ auth }) => unwrap(await billing.get(auth)));
  route(app, getBillingUsage, async ({ auth }) => unwrap(await billing.usage(auth)));
  route(app, getBillingHistory, async ({ auth, query }) => unwrap(await billing.history(auth, query.skip)));
  route(app, createSetupIntent, async ({ auth }) => unwrap(await payments.createSetupIntent(auth)));
  route(app, changeCard, async ({ auth, body }) => unwrap(await payments.changeCard(auth, body.token)));
  route(app, subscribe, async ({ auth, body }) => unwrap(await payments.subscribe(auth, body)));
  route(app, cancelSubscription, async ({ auth }) => unwrap(await payments.cancelSubscription(auth)));
  route(app, changeAutoFill, async ({ auth, body }) => unwrap(await payments.changeAutoFill(auth, body)));
  route(app, addCredits, async ({ auth, body }) => unwrap(await payments.addCredits(auth, body.amount)));
  await app.register(webhookRoute);
}

/**
 * Stripe's webhook: no session, a signature instead, checked over the body exactly as sent, so this
 * scope reads JSON bodies as raw bytes (elsewhere they are parsed).
 */
async function webhookRoute(scope: FastifyInstance) {
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_req, body, done) => done(null, body),
  );
  scope.post(WEBHOOK_PATH, async (req) => {
    const signature = req.headers['stripe-signature'];
    if (!Buffer.isBuffer(req.body)) throw new DomainError('WEBHOOK_INVALID');
    const outcome = unwrap(
      await scope.services.payments.receiveWebhook(
        req.body,
        typeof signature === 'string' ? signature : undefined,
      ),
    );
    return { received: true, outcome };
  });
}
