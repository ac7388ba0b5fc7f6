import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../apps/server/src/db/schema/index.js';
import { insertContact, insertMember, type TestUser } from '../apps/server/src/test/factories.js';
import { launchBrowser, shot, signedIn, startServer, insertOnboardedAdmin } from './support/harness.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;
let bea: TestUser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'omar@sierra.test', 'Omar Haddad', { name: 'Sierra Realty' });
  bea = await insertMember(server, admin.teamId, 'bea@sierra.test', {
    name: 'Bea Lopez',
    permissions: ['sms', 'templates', 'campaigns', 'messenger'],
  });
  await insertMember(server, admin.teamId, 'carl@sierra.test', {
    name: 'Carl Ng',
    permissions: ['members', 'calls', 'sms', 'import', 'statuses', 'dataFields', 'phones', 'kpis'],
    dataAccess: 'All data',
  });
  await insertContact(server.database.db, admin.teamId, { assignedTo: [bea.userId] });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Settings > Team', () => {
  it('an admin sees the team, and removes a member after choosing who takes their records', async () => {
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/team`);
    await page.getByRole('table', { name: 'Team members' }).getByText('Carl Ng').waitFor();
    await shot(page, 'settings-team');
    await page.getByRole('button', { name: 'Remove Bea Lopez' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove member' });
    await dialog.getByText(/has 1 assigned record/).waitFor();
    await dialog.getByRole('combobox', { name: 'Assign their records to' }).click();
    await page.getByRole('option', { name: 'Carl Ng' }).click();
    await shot(page, 'settings-team-remove');
    // Closes the list of members, which covers the buttons.
    await dialog.getByText(/has 1 assigned record/).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('The member was removed.').waitFor();
    const [row] = await server.database.db.select().from(users).where(eq(users.id, bea.userId));
    expect(row).toBeUndefined();
    expect(problems).toEqual([]);
    await context.close();
  });
});
