import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../apps/server/src/db/schema/index.js';
import { type TestUser } from '../apps/server/src/test/factories.js';
import { launchBrowser, shot, signedIn, startServer, insertOnboardedAdmin } from './support/harness.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'omar@sierra.test', 'Omar Haddad', { name: 'Sierra Realty' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Settings > Other', () => {
  it('an admin picks the team time zone and the daily limit, and they are saved', async () => {
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/other`);
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await zone.fill('Los Angeles');
    await page.getByRole('option', { name: /America\/Los_Angeles/ }).click();
    await page.getByText('Time zone saved.').waitFor();
    const limit = page.getByRole('textbox', { name: 'Daily texting limit' });
    await limit.fill('150');
    await page.getByText('Daily texting limit saved.').waitFor();
    const [row] = await server.database.db.select().from(teams).where(eq(teams.id, admin.teamId));
    expect(row).toMatchObject({ timezone: 'America/Los_Angeles', ppgl: 150 });
    await page.mouse.click(1300, 120);
    await shot(page, 'settings-other');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("an admin adds a sub-user: a bad phone says '* Not a valid phone number.', a good one is saved", async () => {
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/other`);
    await page.getByRole('button', { name: 'Add sub-user' }).click();
    await page.getByRole('textbox', { name: 'Sub-user 1 name' }).fill('Dana Cole');
    const phone = page.getByRole('textbox', { name: 'Sub-user 1 phone' });
    await phone.fill('555-0147');
    await page.getByText('* Not a valid phone number.').waitFor();
    expect(await page.getByRole('button', { name: 'Save sub-users' }).isDisabled()).toBe(true);
    await phone.fill('+1 212 555 0147');
    await page.getByRole('button', { name: 'Save sub-users' }).click();
    await page.getByText('Sub-users saved.').waitFor();
    const [row] = await server.database.db.select().from(teams).where(eq(teams.id, admin.teamId));
    expect(row!.subUsers).toEqual([{ name: 'Dana Cole', phone: '+1 212 555 0147' }]);
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Sub-user 1 name' }).inputValue())
      .toBe('Dana Cole');
    await shot(page, 'settings-other-sub-users');
    expect(problems).toEqual([]);
    await context.close();
  });
});
