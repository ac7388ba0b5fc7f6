import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../apps/server/src/db/schema/index.js';
import { loginAs } from '../apps/server/src/test/app.js';
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
    const invited = await server.app.inject({
      method: 'PATCH',
      url: '/api/teams/addMember',
      headers: admin.headers,
      payload: {
        name: 'Dana Ruiz',
        email: 'dana@sierra.test',
        phone: '',
        permissions: [],
        dataAccess: 'Only assigned',
      },
    });
    expect(invited.statusCode).toBe(200);
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/team`);
    const table = page.getByRole('table', { name: 'Team members' });
    await table.getByText('Carl Ng').waitFor();
    // Dana has not logged in yet: her row says so; Carl, who has, carries no badge.
    await table.getByRole('row').filter({ hasText: 'Dana Ruiz' }).getByText('Invited').waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'Carl Ng' }).getByText('Invited').count()).toBe(0);
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

  it('a member changes their e-mail with the code sent to the new address; their other browser is logged out', async () => {
    // Carl is logged in twice: on his laptop and on his phone.
    const laptopLogin = await loginAs(server, 'carl@sierra.test', '198.51.100.21');
    const reused = await server.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'carl@sierra.test', code: await server.smtp.codeFor('carl@sierra.test', 2) },
    });
    expect(reused.statusCode).toBe(400); // a code works once
    const laptop = await signedIn(browser, laptopLogin);
    const phone = await signedIn(browser, await loginAs(server, 'carl@sierra.test', '198.51.100.22'));
    await phone.page.goto(`${server.url}/settings/team`);
    await phone.page.getByRole('table', { name: 'Team members' }).waitFor();

    const { page, problems } = laptop;
    await page.goto(`${server.url}/settings/team`);
    await page.getByRole('button', { name: 'Edit Carl Ng' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit member' });
    await dialog.getByRole('textbox', { name: /E-mail/ }).fill('carl.ng@sierra.test');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm e-mail' });
    await confirm.getByText(/We sent a code to carl.ng@sierra.test/).waitFor();
    await shot(page, 'settings-team-confirm-email');
    const [before] = await server.database.db.select().from(users).where(eq(users.id, laptopLogin.user._id));
    expect(before!.email).toBe('carl@sierra.test');
    await confirm
      .getByRole('textbox', { name: 'Code sent to the new address' })
      .fill(await server.smtp.codeFor('carl.ng@sierra.test'));
    await confirm.getByRole('button', { name: 'Confirm e-mail' }).click();
    await page.getByRole('table', { name: 'Team members' }).getByText('carl.ng@sierra.test').waitFor();
    // The phone's session ended with the old address: it is back on the landing page, logged out.
    await phone.page.getByRole('button', { name: 'Try now' }).first().waitFor();
    expect(await phone.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(problems).toEqual([]);
    await laptop.context.close();
    await phone.context.close();
  });
});
