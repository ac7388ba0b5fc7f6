import { getBilling, getBillingHistory, getBillingUsage } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

/** Settings > Billing: plan, usage, credits and history (admins; staff). */
export async function billingRoutes(app: FastifyInstance) {
  const { billing } = app.services;
  route(app, getBilling, async ({ auth }) => unwrap(await billing.get(auth)));
  route(app, getBillingUsage, async ({ auth }) => unwrap(await billing.usage(auth)));
  route(app, getBillingHistory, async ({ auth, query }) => unwrap(await billing.history(auth, query.skip)));
}
