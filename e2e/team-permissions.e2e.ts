import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, users } from '../apps/server/src/db/schema/index.js';
import { insertContact, type TestUser } from '../apps/server/src/test/factories.js';
import {
  launchBrowser,
  shot,
  signedIn,
  startServer,
  insertOnboardedAdmin,
  watchPage,
} from './support/harness.js';

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

/** Every permission the Add member dialog grants by default, but Messenger. */
const UNCHECK = [
  'Add, edit, remove members and permissions',
  'Calls',
  'Send SMS and/or emails',
  'Import',
  'Statuses',
  'Customize data fields',
  'Buy or remove devices',
  'Templates',
  'Campaigns',
  'KPIs',
];

const settingsMenu = (page: Page) => page.getByRole('navigation', { name: 'Settings' });

describe('a member with limited permissions', () => {
  it('is added by the admin, logs in in another browser, and sees only what they may', async () => {
    const nora = await insertContact(server.database.db, admin.teamId, {
      first: 'Nora',
      last: 'Assigned',
      phones: ['916-456-7011'],
      status: 'Not contacted',
    });
    const victor = await insertContact(server.database.db, admin.teamId, {
      first: 'Victor',
      last: 'Hidden',
      phones: ['916-456-7012'],
      status: 'Not contacted',
    });

    // The admin adds Lena with Messenger only, seeing only what is assigned to her.
    const owner = await signedIn(browser, admin);
    await owner.page.goto(`${server.url}/settings/team`);
    await owner.page.getByRole('button', { name: 'Add member' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Add member' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Lena Ortiz');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('lena@sierra.test');
    for (const label of UNCHECK) await dialog.getByRole('checkbox', { name: label, exact: true }).uncheck();
    await dialog.getByRole('radio', { name: 'Only assigned' }).check();
    await shot(owner.page, 'team-add-limited-member');
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await owner.page.getByRole('table', { name: 'Team members' }).getByText('Lena Ortiz').waitFor();
    const [lena] = await server.database.db.select().from(users).where(eq(users.email, 'lena@sierra.test'));
    expect(lena).toMatchObject({
      teamId: admin.teamId,
      permissions: ['messenger'],
      dataAccess: 'Only assigned',
    });
    await server.database.db
      .update(items)
      .set({ assignedTo: [lena!.id] })
      .where(eq(items.id, nora.id));

    // Lena logs in with her e-mailed code in a browser of her own.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Try now' }).first().click();
    await page.getByLabel('Email').fill('lena@sierra.test');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByLabel('Login code').fill(await server.smtp.codeFor('lena@sierra.test'));
    await page.getByRole('button', { name: 'Submit' }).click();

    // The board holds her record only.
    await page.getByLabel('Nora Assigned').waitFor();
    expect(await page.getByLabel('Victor Hidden').count()).toBe(0);
    await page.getByRole('link', { name: 'Messenger' }).waitFor();
    await shot(page, 'member-limited-board');

    // Her own record has no SMS tab; the other one, even by its address, does not open.
    await page.goto(`${server.url}/?record=${nora.id}`);
    const record = page.getByRole('dialog', { name: /Nora Assigned/ });
    await record.getByRole('tab', { name: 'Comment' }).waitFor();
    expect(await record.getByRole('tab', { name: 'SMS' }).count()).toBe(0);
    await page.goto(`${server.url}/?record=${victor.id}`);
    await page.getByText('This record could not be loaded.').waitFor();
    expect(await page.getByText('Victor').count()).toBe(0);

    // Settings show Team and Other only; the pages she may not use send her back to Team.
    await page.goto(`${server.url}/settings/statuses`);
    await page.waitForURL(/\/settings\/team$/);
    const menu = settingsMenu(page);
    await menu.getByRole('link', { name: 'Team' }).waitFor();
    for (const hidden of ['Data Fields', 'Statuses', 'Devices', 'Billing'])
      expect(await menu.getByRole('link', { name: hidden }).count(), hidden).toBe(0);
    expect(await page.getByRole('button', { name: 'Add member' }).count()).toBe(0);
    await shot(page, 'member-limited-settings');

    // No importing, no new campaign.
    await page.goto(`${server.url}/import`);
    await page.waitForURL(/\/lists$/);
    await page.getByText(/lists will show here once someone with the import permission/).waitFor();
    expect(await page.getByRole('link', { name: 'Import list' }).count()).toBe(0);
    await page.goto(`${server.url}/campaigns`);
    await page.getByRole('heading', { name: 'Campaigns' }).waitFor();
    expect(await page.getByRole('button', { name: 'New campaign' }).count()).toBe(0);

    // The one error the browser logs is the refused record, by its address.
    expect(problems).toEqual([
      'console.error: Failed to load resource: the server responded with a status of 403 (Forbidden)',
    ]);
    expect(owner.problems).toEqual([]);
    await context.close();
    await owner.context.close();
  });
});
