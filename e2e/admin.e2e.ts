import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, campaigns, devices, smsJobs } from '../apps/server/src/db/schema/index.js';
import type { TestUser } from '../apps/server/src/test/factories.js';
import { insertOnboardedAdmin, launchBrowser, shot, signedIn, startServer } from './support/harness.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let staff: TestUser;
let sierra: TestUser;

beforeAll(async () => {
  server = await startServer({ STAFF_EMAILS: ['sam@prospector.test'] });
  browser = await launchBrowser();
  staff = await insertOnboardedAdmin(server, 'sam@prospector.test', 'Sam Staff', { name: 'Prospector HQ' });
  sierra = await insertOnboardedAdmin(server, 'omar@sierra.test', 'Omar Haddad', { name: 'Sierra Realty' });
  await insertOnboardedAdmin(server, 'lena@lakeside.test', 'Lena Park', { name: 'Lakeside Homes' });
  const now = new Date();
  await server.database.db.insert(campaigns).values({
    teamId: sierra.teamId,
    name: 'Spring sellers',
    listIds: [],
    statusIds: [],
    weekDays: [1, 2, 3, 4, 5],
    startHour: 9,
    endHour: 18,
    startDate: now,
    timezone: 'America/New_York',
    groupIds: [],
    deviceIds: [],
    createdAt: now,
  });
  // Sierra's phone sent 48 texts today, 2 of which the carrier blocked; it holds $123.45 of credits.
  const [phone] = await server.database.db
    .insert(devices)
    .values({
      teamId: sierra.teamId,
      kind: 'android',
      value: '+19175550100',
      connected: true,
      createdAt: now,
    })
    .returning();
  await server.database.db.insert(smsJobs).values(
    Array.from({ length: 48 }, (_, i) => ({
      teamId: sierra.teamId,
      deviceId: phone!.id,
      fromValue: '+19175550100',
      to: `+1212555${1000 + i}`,
      body: 'Hi, still own the house?',
      state: i < 2 ? ('failed' as const) : ('delivered' as const),
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  await server.app.services.ledger.grant({
    teamId: sierra.teamId,
    amount: 1_234_500,
    reason: 'adminGrant',
    description: 'Welcome credits',
    actorId: staff.userId,
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the internal admin area', () => {
  it('staff set up their authenticator app, filter the teams, switch into one and back', async () => {
    const { context, page, problems } = await signedIn(browser, staff);
    await page.goto(`${server.url}/admin/teams`);
    await page.getByRole('heading', { name: 'Set up your authenticator app' }).waitFor();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await shot(page, 'admin-totp-setup');
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('6-digit code').fill(authenticator.generate(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    expect(
      await page
        .getByLabel('Recovery codes')
        .getByText(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/)
        .count(),
    ).toBe(10);
    await shot(page, 'admin-recovery-codes');
    await page.getByRole('button', { name: 'I saved them' }).click();

    const table = page.getByRole('table', { name: 'Teams' });
    await table.getByText('Sierra Realty').waitFor();
    await table.getByText('Lakeside Homes').waitFor();
    const sierraRow = table.getByRole('row').filter({ hasText: 'Sierra Realty' });
    // Credits to 2 decimals; 2 blocked of 48 out is a 4.17% block rate (spec part 2 §9).
    await sierraRow.getByText('$123.45').waitFor();
    await sierraRow.getByText('4.17%').waitFor();
    await shot(page, 'admin-teams');
    await page.getByLabel('Show only active campaigns').check({ force: true });
    await expect.poll(() => table.getByText('Lakeside Homes').count()).toBe(0);
    await table.getByText('Sierra Realty').waitFor();

    await page.getByRole('button', { name: 'Actions for Sierra Realty' }).click();
    await page.getByRole('menuitem', { name: 'Switch into team' }).click();
    await page.getByRole('button', { name: 'Switch back' }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByText('Omar Haddad').first().waitFor();
    await shot(page, 'admin-switched-into-team');
    // Marked at every width, not only on wide screens (issue 36 item 5).
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 900, height: wide.height });
    await page.getByText('Viewing as Omar Haddad').waitFor();
    await shot(page, 'admin-switched-into-team-narrow');
    await page.setViewportSize(wide);

    await page.getByRole('button', { name: 'Switch back' }).click();
    // 'Switch back' lands in the admin area (issue 30 item 34); still this login's second factor.
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin/);
    await table.getByText('Sierra Realty').waitFor();
    expect(await page.getByRole('button', { name: 'Switch back' }).count()).toBe(0);
    // The impersonated session is ended, in the staff member's name (issue 30 item 22).
    await expect
      .poll(async () =>
        (await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.switchBack'))).map(
          (e) => e.actorUserId,
        ),
      )
      .toEqual([staff.userId]);

    await page.getByRole('tab', { name: 'Audit' }).click();
    const log = page.getByRole('table', { name: 'Audit log' });
    await log.getByText('Switch to user').waitFor();
    await log.getByText('Switch back').waitFor();
    await shot(page, 'admin-audit');
    const switched = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin.switchToUser'));
    expect(switched).toMatchObject([{ actorUserId: staff.userId, teamId: sierra.teamId }]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows everyone else a not-found view at /admin', async () => {
    const { context, page, problems } = await signedIn(browser, sierra);
    await page.goto(`${server.url}/admin/teams`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('table', { name: 'Teams' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
