import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContact, type TestUser } from '../apps/server/src/test/factories.js';
import { insertOnboardedAdmin, launchBrowser, shot, signedIn, startServer } from './support/harness.js';

/* Issue 32 item 4: each phone of a record has its history, opened from the phone's menu. */

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'lena@harbor.test', 'Lena Park', { name: 'Harbor Homes' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("a phone's history on the record", () => {
  it('shows who typed a phone and who marked it DNC, newest last', async () => {
    // No address State: nothing here texts or calls, but the record stays free of the hour of the run.
    const contact = await insertContact(server.database.db, admin.teamId, {
      data: { 'First name': 'Rosa', 'Last name': 'Diaz' },
      phones: ['+12065550190'],
    });
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/?record=${contact.id}`);
    await page.getByRole('textbox', { name: 'Replacement phone or e-mail' }).fill('(206) 555-0191');
    await page.getByRole('button', { name: 'Add phone or e-mail' }).click();
    const actions = page.getByRole('button', { name: 'Actions for +12065550191' });
    await actions.waitFor();
    await actions.click();
    await page.getByRole('menuitem', { name: 'Mark DNC' }).click();
    await page.getByTestId('identifier').filter({ hasText: 'DNC' }).waitFor();

    await actions.click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: /History of/ });
    await dialog.getByText('Marked DNC by Lena Park').waitFor();
    const lines = await dialog.locator('.mantine-Timeline-itemTitle').allTextContents();
    expect(lines).toEqual(['Added by Lena Park', 'Marked DNC by Lena Park']);
    await shot(page, 'phone-history');
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
