import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, smsJobs } from '../apps/server/src/db/schema/index.js';
import { insertTeamAdmin, type TestUser } from '../apps/server/src/test/factories.js';
import { setUpSecondFactor } from '../apps/server/src/test/staff.js';
import {
  ARTIFACTS,
  launchBrowser,
  shot,
  signedIn,
  startServer,
  insertOnboardedAdmin,
} from './support/harness.js';

const STAFF = 'sam@prospector.test';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer({ STAFF_EMAILS: [STAFF] });
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'omar@sierra.test', 'Omar Haddad', {
    name: 'Sierra Realty',
    plan: 'BASIC',
    timezone: 'America/New_York',
  });
  // 137 texts this month, from the team's phone.
  const now = new Date();
  const [device] = await server.database.db
    .insert(devices)
    .values({
      teamId: admin.teamId,
      kind: 'android',
      value: '+12125550100',
      connected: true,
      pingedAt: now,
      createdAt: now,
    })
    .returning();
  await server.database.db.insert(smsJobs).values(
    Array.from({ length: 137 }, (_, i) => ({
      teamId: admin.teamId,
      deviceId: device!.id,
      fromValue: '+12125550100',
      to: `+1212555${String(2000 + i)}`,
      body: 'Hi, still own the house?',
      state: 'delivered' as const,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Settings > Billing', () => {
  it('an admin sees the plan and its usage, credits staff added, the plans and the history', async () => {
    const staff = await insertTeamAdmin(server, STAFF, 'Sam Support');
    await setUpSecondFactor(server, staff);
    const granted = await server.app.inject({
      method: 'PATCH',
      url: '/api/admin/addCredits',
      headers: staff.headers,
      payload: { teamId: admin.teamId, amount: 25, note: 'Welcome credits' },
    });
    expect(granted.statusCode).toBe(200);
    const charged = await server.app.services.ledger.charge({
      teamId: admin.teamId,
      amount: 700,
      reason: 'skipTraceHit',
      description: 'Skip trace: 1 owner found at 1204 Elm St',
    });
    expect(charged.ok).toBe(true);

    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/billing`);
    const plan = page.getByRole('region', { name: 'Current plan' });
    await plan.getByText('137 of 500').waitFor();
    await plan.getByRole('heading', { name: 'BASIC' }).waitFor();
    await page.getByRole('region', { name: 'Credits' }).getByRole('heading', { name: '$24.93' }).waitFor();
    await page.getByRole('link', { name: 'Credits: $24.93' }).waitFor();
    const lite = page.getByRole('article', { name: 'LITE plan' });
    expect(await lite.getByRole('button', { name: 'Payments are not configured' }).isDisabled()).toBe(true);
    const history = page.getByRole('table', { name: 'Billing history' });
    await history.getByText('Credits added by Sam Support: Welcome credits').waitFor();
    expect(await history.getByRole('row').nth(1).textContent()).toMatch(/1204 Elm St.*−\$0\.07$/);
    // The connection banner slides away 2 s after connecting.
    await page.getByText('Connected to server').waitFor({ state: 'hidden' });
    await shot(page, 'settings-billing');
    await page.screenshot({ path: path.join(ARTIFACTS, 'settings-billing-full.png'), fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});
