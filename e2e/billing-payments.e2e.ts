import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_PATH } from '../apps/server/src/modules/billing/index.js';
import { addCard } from '../apps/server/src/test/payments-app.js';
import { startFakeStripe, type FakeStripe } from '../apps/server/src/test/fake-stripe.js';
import type { TestUser } from '../apps/server/src/test/factories.js';
import {
  ARTIFACTS,
  insertOnboardedAdmin,
  launchBrowser,
  shot,
  signedIn,
  startServer,
} from './support/harness.js';

/*
 * Payments through the browser, with the server pointed at the local fake of Stripe (no network
 * here, so Stripe.js and its card field cannot load: the card is attached as Stripe.js would, through
 * the API and the fake, and everything after it runs in the browser). Then the same screen without
 * Stripe's keys, saying so plainly.
 */

let stripe: FakeStripe;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  stripe = await startFakeStripe({ autoDeliver: true });
  server = await startServer({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
  });
  stripe.webhookUrl = `${server.url}${WEBHOOK_PATH}`;
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'rosa@mesa.test', 'Rosa Mendez', {
    name: 'Mesa Homes',
    plan: 'BASIC',
    timezone: 'America/Denver',
  });
  await addCard(server, stripe, admin);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await stripe?.close();
});

const settled = (page: Page) => page.getByText('Connected to server').waitFor({ state: 'hidden' });

describe('payments with Stripe configured', () => {
  it('an admin loads credits, sets autofill, subscribes and cancels, all through the screen', async () => {
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/billing`);
    const card = page.getByRole('region', { name: 'Active card' });
    await card.getByText('Visa •••• 4242').waitFor();
    await settled(page);

    // Credits: under $10 is refused in the spec's words, then $25 is paid and shown.
    await page.getByRole('button', { name: 'Add credits' }).click();
    const credits = page.getByRole('dialog', { name: 'Add credits' });
    const amount = credits.getByRole('textbox', { name: 'Amount' });
    await amount.fill('5');
    await credits.getByRole('button', { name: /^Pay/ }).click();
    await credits.getByRole('alert').getByText('You can load minimum $10s.').waitFor();
    await amount.fill('25');
    await shot(page, 'billing-payments-add-credits');
    await credits.getByRole('button', { name: 'Pay $25.00' }).click();
    await credits.waitFor({ state: 'hidden' });
    await page.getByRole('region', { name: 'Credits' }).getByRole('heading', { name: '$25.00' }).waitFor();
    await page.getByRole('table', { name: 'Billing history' }).getByText('Credits loaded by card').waitFor();

    // Autofill: $20 when below $5.
    await page.getByRole('button', { name: 'Autofill settings' }).click();
    const fill = page.getByRole('dialog', { name: 'Autofill settings' });
    await fill.getByRole('textbox', { name: 'When credits fall below' }).fill('5');
    await fill.getByRole('textbox', { name: /^Load/ }).fill('20');
    await shot(page, 'billing-payments-autofill');
    await fill.getByRole('button', { name: 'Save' }).click();
    await fill.waitFor({ state: 'hidden' });
    await page.getByText('Autofill: $20.00 when below $5.00.').waitFor();

    // Subscribe to LITE monthly.
    await page
      .getByRole('article', { name: 'LITE plan' })
      .getByRole('button', { name: 'Subscribe to LITE' })
      .click();
    const subscribe = page.getByRole('dialog', { name: 'Subscribe to LITE' });
    await subscribe.getByText(/Visa •••• 4242 is charged now/).waitFor();
    await shot(page, 'billing-payments-subscribe');
    await subscribe.getByRole('button', { name: 'Pay $19 and subscribe' }).click();
    await subscribe.waitFor({ state: 'hidden' });
    const plan = page.getByRole('region', { name: 'Current plan' });
    await plan.getByRole('heading', { name: 'LITE' }).waitFor();
    await plan.getByText(/Monthly subscription, renews on/).waitFor();
    await shot(page, 'billing-payments-subscribed');

    // Cancel: LITE stays until the period ends, then Stripe ends it and the plan is BASIC.
    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel subscription' });
    await cancel.getByText(/Your LITE plan stays until/).waitFor();
    await shot(page, 'billing-payments-cancel');
    await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
    await cancel.waitFor({ state: 'hidden' });
    await plan.getByText(/Cancelled: LITE ends on/).waitFor();
    stripe.endPeriod([...stripe.subscriptions.keys()][0]!);
    await expect.poll(async () => (await server.app.services.plans.planOf(admin.teamId)).name).toBe('BASIC');
    await page.reload();
    await page
      .getByRole('region', { name: 'Current plan' })
      .getByRole('heading', { name: 'BASIC' })
      .waitFor();

    // /billing is the same screen.
    await page.goto(`${server.url}/billing`);
    await page.getByRole('region', { name: 'Active card' }).getByText('Visa •••• 4242').waitFor();
    await settled(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'billing-payments-full.png'), fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('payments without Stripe’s keys', () => {
  it('the screen says payments are not configured, and offers no payment', async () => {
    const bare = await startServer();
    try {
      const owner = await insertOnboardedAdmin(bare, 'ned@plain.test', 'Ned Plain', { name: 'Plain Realty' });
      const { context, page, problems } = await signedIn(browser, owner);
      await page.goto(`${bare.url}/billing`);
      await page
        .getByRole('region', { name: 'Active card' })
        .getByText('Payments are not configured')
        .waitFor();
      expect(await page.getByRole('button', { name: 'Add a card' }).count()).toBe(0);
      expect(
        await page.getByRole('button', { name: 'Payments are not configured' }).first().isDisabled(),
      ).toBe(true);
      await settled(page);
      await shot(page, 'billing-payments-not-configured');
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await bare.close();
    }
  });
});
