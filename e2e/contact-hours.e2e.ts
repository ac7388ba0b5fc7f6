import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../apps/server/src/db/schema/index.js';
import { type TestUser } from '../apps/server/src/test/factories.js';
import { insertOnboardedAdmin, launchBrowser, shot, signedIn, startServer } from './support/harness.js';

/* Issue 32 item 3: a team's own calling and texting hours, stricter than the law only. */

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'ines@cove.test', 'Ines Ruiz', { name: 'Cove Realty' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Settings > Other: calling and texting hours', () => {
  it('refuses a start before 8:00 with the reason, then saves 9:00 to 19:00', async () => {
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/other`);
    const pick = async (name: string, option: string) => {
      await page.getByRole('combobox', { name, exact: true }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await pick('Start of calling and texting hours', '7:00');
    await pick('End of calling and texting hours', '19:00');
    await page.getByRole('button', { name: 'Save hours' }).click();
    await page
      .getByRole('region', { name: 'Company' })
      .getByText(/may not start before 8:00/)
      .waitFor();
    let [row] = await server.database.db.select().from(teams).where(eq(teams.id, admin.teamId));
    expect(row).toMatchObject({ contactStartHour: null, contactEndHour: null });

    await pick('Start of calling and texting hours', '9:00');
    await page.getByRole('button', { name: 'Save hours' }).click();
    await page.getByText('Calling and texting hours saved.').waitFor();
    [row] = await server.database.db.select().from(teams).where(eq(teams.id, admin.teamId));
    expect(row).toMatchObject({ contactStartHour: 9, contactEndHour: 19 });
    await shot(page, 'settings-contact-hours');
    expect(problems.filter((p) => !p.includes('400'))).toEqual([]);
    await context.close();
  }, 60_000);
});
