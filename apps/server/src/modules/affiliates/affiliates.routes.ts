import { becomeAffiliate, getAffiliate, loadAffiliateAccount, withdrawAffiliate } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

/** Settings > Affiliate (admins): the link, signups, earnings, withdraw, load into credits, payout account. */
export async function affiliatesRoutes(app: FastifyInstance) {
  const { affiliates } = app.services;
  const cents = (dollars: number) => Math.round(dollars * 100);
  route(app, getAffiliate, async ({ auth }) => unwrap(await affiliates.get(auth)));
  route(app, withdrawAffiliate, async ({ auth, body }) =>
    unwrap(await affiliates.withdraw(auth, cents(body.amount))),
  );
  route(app, loadAffiliateAccount, async ({ auth, body }) =>
    unwrap(await affiliates.loadAccount(auth, cents(body.amount))),
  );
  route(app, becomeAffiliate, async ({ auth }) => unwrap(await affiliates.become(auth)));
}
