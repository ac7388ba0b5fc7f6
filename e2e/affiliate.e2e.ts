import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../apps/server/src/db/schema/index.js';
import type { TestUser } from '../apps/server/src/test/factories.js';
import {
  ARTIFACTS,
  insertOnboardedAdmin,
  launchBrowser,
  shot,
  signedIn,
  startServer,
  watchPage,
} from './support/harness.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let rita: TestUser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  rita = await insertOnboardedAdmin(server, 'rita@referrals.test', 'Rita Referrer', {
    name: 'Referral Realty',
    timezone: 'America/New_York',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the affiliate programme', () => {
  it('a newcomer signs up through the link, pays, and the referrer sees the signup and earnings and loads them into credits', async () => {
    // Rita opens Settings > Affiliate from the menu and copies her link.
    const referrer = await signedIn(browser, rita);
    await referrer.page.goto(`${server.url}/settings/team`);
    await referrer.page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Affiliate' })
      .click();
    await referrer.page.getByText("You don't have any affiliate signups yet.").waitFor();
    await shot(referrer.page, 'affiliate-empty');
    const link = await referrer.page.getByRole('textbox', { name: 'Affiliate link' }).inputValue();
    expect(link).toMatch(/\/#[A-Za-z0-9_-]{16}$/);

    // A newcomer opens the site with Rita's hash and signs up.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(`${server.url}/${new URL(link).hash}`);
    await page.getByRole('button', { name: 'Try now' }).first().click();
    await page.getByLabel('Email').fill('nina@newcomer.test');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByLabel('Login code').fill(await server.smtp.codeFor('nina@newcomer.test'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();

    // Her team pays for a PRO month (as the billing module reports a payment).
    const [nina] = await server.database.db
      .select({ teamId: users.teamId })
      .from(users)
      .where(eq(users.email, 'nina@newcomer.test'));
    const earned = await server.app.services.affiliates.recordReferredPayment({
      teamId: nina!.teamId,
      amountCents: 2400,
      paymentId: 'pi_e2e_pro_month',
      kind: 'subscription',
      at: new Date(),
    });
    expect(earned.earnedCents).toBe(480);

    // Rita sees the signup and the earnings, and loads them into her team's credits.
    await referrer.page.reload();
    const earnings = referrer.page.getByRole('region', { name: 'Earnings' });
    await earnings.getByRole('heading', { name: '$4.80' }).waitFor();
    await referrer.page
      .getByRole('region', { name: 'Signups' })
      .getByRole('heading', { name: '1' })
      .waitFor();
    await referrer.page
      .getByRole('table', { name: 'Affiliate history' })
      .getByText(/20% of \$24\.00/)
      .waitFor();
    await shot(referrer.page, 'affiliate-earnings');

    await earnings.getByRole('button', { name: 'Load into credits' }).click();
    const dialog = referrer.page.getByRole('dialog', { name: 'Load earnings into credits' });
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('4.80');
    await shot(referrer.page, 'affiliate-load-dialog');
    await dialog.getByRole('button', { name: 'Load into credits' }).click();
    await dialog.waitFor({ state: 'detached' });
    await earnings.getByRole('heading', { name: '$0.00' }).waitFor();
    await referrer.page
      .getByRole('table', { name: 'Affiliate history' })
      .getByText('Loaded into credits')
      .waitFor();

    await referrer.page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Billing' })
      .click();
    await referrer.page
      .getByRole('region', { name: 'Credits' })
      .getByRole('heading', { name: '$4.80' })
      .waitFor();
    await referrer.page.getByText('Affiliate earnings loaded into credits').waitFor();
    await referrer.page.screenshot({ path: path.join(ARTIFACTS, 'affiliate-billing.png') });
    expect(referrer.problems).toEqual([]);
  });
});
