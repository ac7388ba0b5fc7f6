import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp } from './app.js';
import type { Config } from '../config.js';
import { startFakeStripe, type FakeStripe } from './fake-stripe.js';
import type { TestUser } from './factories.js';
import { WEBHOOK_PATH } from '../modules/billing/billing.routes.js';

/** The app with Stripe's keys, pointed at a local fake of Stripe that posts its webhooks back to it. */
export async function buildPaymentsApp(
  opts: { overrides?: Partial<Config>; database?: TestApp['database'] } = {},
): Promise<{ t: TestApp; stripe: FakeStripe; close(): Promise<void> }> {
  const stripe = await startFakeStripe();
  const t = await buildTestApp(
    {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      ...opts.overrides,
    },
    // Webhooks are signed with the real time: the app's clock must read it too.
    { realClock: true, ...(opts.database ? { database: opts.database } : {}) },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${WEBHOOK_PATH}`;
  return {
    t,
    stripe,
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}

/** Sends a billing call as `user`. */
export function pay(
  t: TestApp,
  user: TestUser,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
}

/** Adds a card as the browser does: a SetupIntent from us, confirmed at Stripe (Stripe.js), then saved. */
export async function addCard(t: TestApp, stripe: FakeStripe, user: TestUser, testCard = 'pm_card_visa') {
  const setup = await pay(t, user, 'POST', '/api/billing/setupIntent');
  if (setup.statusCode !== 200) throw new Error(`setupIntent: ${setup.statusCode} ${setup.body}`);
  const { setupIntentId } = setup.json<{ setupIntentId: string }>();
  await stripe.confirmSetupIntent(setupIntentId, testCard as 'pm_card_visa');
  const saved = await pay(t, user, 'PATCH', '/api/billing/changeCard', { token: setupIntentId });
  if (saved.statusCode !== 200) throw new Error(`changeCard: ${saved.statusCode} ${saved.body}`);
  return setupIntentId;
}
