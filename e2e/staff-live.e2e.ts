import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@prospector/core';
import { teams } from '../apps/server/src/db/schema/index.js';
import { insertContact, insertTeamAdmin, type TestUser } from '../apps/server/src/test/factories.js';
import { setUpSecondFactor } from '../apps/server/src/test/staff.js';
import { insertOnboardedAdmin, launchBrowser, shot, signedIn, startServer } from './support/harness.js';

/*
 * Issue 30 items 5, 6, 8, 9, 21, 31, 32, 35, 36 as a team and our staff meet them, in two browsers
 * side by side: what staff do shows on the team's open screen without a reload.
 */

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let staff: TestUser;
let dana: TestUser;

beforeAll(async () => {
  server = await startServer({ STAFF_EMAILS: ['sam@prospector.test'] });
  browser = await launchBrowser();
  // Staff's own team never went through a customer onboarding.
  staff = await insertTeamAdmin(server, 'sam@prospector.test', 'Sam Staff');
  await setUpSecondFactor(server, staff);
  dana = await insertOnboardedAdmin(server, 'dana@sierra.test', 'Dana Brooks', {
    name: 'Sierra Realty Partners International',
    timezone: 'America/New_York',
  });
  for (const name of ['Lakeside Homes', 'Bayview Property Investments Group']) {
    const other = await insertTeamAdmin(server, `owner@${name.split(' ')[0]!.toLowerCase()}.test`, 'Owner');
    await server.database.db.update(teams).set({ name, onboarded: true }).where(eq(teams.id, other.teamId));
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('staff and a team, live', () => {
  it('staff reach /admin without onboarding; suspension and credits show on the team at once', async () => {
    const sam = await signedIn(browser, staff);
    await sam.page.goto(`${server.url}/`);
    const table = sam.page.getByRole('table', { name: 'Teams' });
    await table.getByText('Sierra Realty Partners International').waitFor({ timeout: 30_000 });
    expect(new URL(sam.page.url()).pathname).toBe('/admin/teams');
    // At 1440 px the plan badge and the row's actions are whole and on screen.
    const actions = sam.page.getByRole('button', {
      name: 'Actions for Sierra Realty Partners International',
    });
    const box = (await actions.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1440);
    await shot(sam.page, 'staff-live-admin-teams-1440');

    const team = await signedIn(browser, dana);
    const c = await insertContact(server.database.db, dana.teamId, {
      first: 'Rita',
      last: 'Lane',
      phones: ['916-456-7001'],
    });
    await team.page.goto(`${server.url}/`);
    const credits = team.page.getByRole('link', { name: /^Credits:/ });
    await credits.waitFor();

    await actions.click();
    await sam.page.getByRole('menuitem', { name: 'Suspend', exact: true }).click();
    const dialog = sam.page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Contact support.');
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    const banner = team.page.getByText(/Your team is suspended/);
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).not.toContain('..');
    await shot(team.page, 'staff-live-team-suspended-banner');

    // A text written now says nothing went out, and stays in the box.
    await team.page.goto(`${server.url}/?record=${c.id}`);
    await team.page.getByRole('tab', { name: 'SMS' }).click();
    await team.page.getByText(messages.admin.suspendedComposerNote).waitFor();
    await team.page.getByRole('textbox', { name: 'SMS' }).fill('Hi Rita, still selling?');
    await team.page.keyboard.press('Enter');
    await team.page.getByText(serverMessages.admin.suspendedNothingSent).first().waitFor({ timeout: 15_000 });
    await shot(team.page, 'staff-live-text-while-suspended');
    await team.page.keyboard.press('Escape');
    await team.page.keyboard.press('Escape');

    await sam.page.getByRole('button', { name: 'Actions for Sierra Realty Partners International' }).click();
    await sam.page.getByRole('menuitem', { name: 'Unsuspend' }).click();
    await sam.page.getByRole('dialog').getByRole('button', { name: 'Unsuspend', exact: true }).click();
    await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(0);

    await sam.page.getByRole('button', { name: 'Actions for Sierra Realty Partners International' }).click();
    await sam.page.getByRole('menuitem', { name: 'Add credits' }).click();
    const add = sam.page.getByRole('dialog');
    await add.getByRole('textbox', { name: 'Amount' }).fill('40');
    await add.getByRole('button', { name: 'Add credits' }).click();
    await team.page.getByRole('link', { name: 'Credits: $40.00' }).waitFor({ timeout: 15_000 });
    await shot(team.page, 'staff-live-team-credits');
    expect(sam.problems).toEqual([]);
    await sam.context.close();
    await team.context.close();
  });

  it("staff see a team's unread support message on their chat icon; one skip trace is one billing line; a private hook says why", async () => {
    const chats = (await server.app.inject({ url: '/api/chats', headers: dana.headers })).json().chats as {
      _id: string;
      kind: string;
    }[];
    const support = chats.find((c) => c.kind === 'support')!;
    const sent = await server.app.inject({
      method: 'POST',
      url: '/api/chats/send',
      headers: dana.headers,
      payload: { chatId: support._id, body: 'Why was our team suspended?' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const sam = await signedIn(browser, staff);
    await sam.page.goto(`${server.url}/admin/teams`);
    await sam.page.getByRole('button', { name: 'Chats, 1 unread' }).waitFor({ timeout: 30_000 });
    await shot(sam.page, 'staff-live-support-unread');
    expect(sam.problems).toEqual([]);
    await sam.context.close();

    const ledger = server.app.services.ledger;
    await ledger.grant({
      teamId: dana.teamId,
      amount: 100_000,
      reason: 'adminGrant',
      description: 'Welcome credits',
      actorId: staff.userId,
    });
    const hold = await ledger.hold({
      teamId: dana.teamId,
      amount: 2 * 1500,
      description: 'Skip trace of 2 properties',
    });
    if (!hold.ok) throw new Error(hold.code);
    await ledger.settle({
      holdId: hold.value.holdId,
      charge: 1500,
      reason: 'skipTraceHit',
      description: 'Skip trace: 1 hit of 2',
    });
    const team = await signedIn(browser, dana);
    await team.page.goto(`${server.url}/settings/billing`);
    const history = team.page.getByRole('region', { name: 'Billing history' });
    await history.getByText('Skip trace: 1 hit of 2').waitFor({ timeout: 30_000 });
    expect(await history.getByText(/Released:|Skip trace of 2 properties/).count()).toBe(0);
    await history.scrollIntoViewIfNeeded();
    await shot(team.page, 'staff-live-billing-one-line');

    await team.page.goto(`${server.url}/settings/other`);
    await team.page.getByRole('textbox', { name: /Push hook/ }).fill('http://192.168.1.20/hook');
    await team.page.getByText(messages.hooks.privateUrl).waitFor();
    await team.page.getByRole('textbox', { name: /Push hook/ }).scrollIntoViewIfNeeded();
    await shot(team.page, 'staff-live-hook-private');
    expect(team.problems).toEqual([]);
    await team.context.close();
  });
});
