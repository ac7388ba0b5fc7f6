import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statuses } from '../apps/server/src/db/schema/index.js';
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

const teamStatuses = () =>
  server.database.db
    .select({ text: statuses.text, hidden: statuses.hidden })
    .from(statuses)
    .where(eq(statuses.teamId, admin.teamId))
    .orderBy(statuses.position);

describe('Settings > Statuses', () => {
  it('an admin adds a status, hides it and renames it, and each change is saved', async () => {
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/statuses`);
    await page.getByRole('table', { name: 'Statuses' }).waitFor();

    await page.getByRole('button', { name: 'Add status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add status' });
    await dialog.getByRole('textbox', { name: 'Status name' }).fill('Do not call');
    await dialog.getByText('Prospector already has DNC and Wrong # statuses built in.').waitFor();
    await dialog.getByRole('textbox', { name: 'Status name' }).fill('Hot lead');
    await dialog.getByRole('button', { name: 'Add status' }).click();
    const name = page.getByRole('textbox', { name: 'Status name: Hot lead' });
    await name.waitFor();
    // The dialog's overlay stays over the page while it fades out: a forced click (below) would land on
    // it, not on the switch, so wait until it is gone.
    await dialog.waitFor({ state: 'hidden' });

    // The list refetches after the add, so the row may be drawn again: wait until it has settled, then
    // click the switch (forced: Mantine's input is visually hidden behind its track) and see it stay on.
    // A click, not check(): the switch follows the list's data, which the mutation sets after awaiting
    // the list's cancelled fetch, so it turns on a moment after the click, not in the same frame.
    const hide = page.getByRole('switch', { name: 'Hide Hot lead' });
    await page.waitForLoadState('networkidle');
    await hide.click({ force: true });
    // Polled for up to 5 s, as the rename below: under a loaded CI machine the default 1 s was too short.
    await expect.poll(() => hide.isChecked(), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await teamStatuses()).at(-1)?.hidden, { timeout: 15_000 }).toBe(true);

    await name.fill('Warm lead');
    await expect.poll(async () => (await teamStatuses()).at(-1)?.text, { timeout: 15_000 }).toBe('Warm lead');
    expect(await teamStatuses()).toEqual([
      { text: 'Not contacted', hidden: false },
      { text: 'DNC', hidden: false },
      { text: 'Wrong number', hidden: false },
      { text: 'Warm lead', hidden: true },
    ]);

    await page.getByRole('button', { name: 'Add status' }).click();
    await page.getByRole('dialog', { name: 'Add status' }).getByRole('textbox').fill('Follow up');
    await page
      .getByRole('dialog', { name: 'Add status' })
      .getByRole('button', { name: 'Add status' })
      .click();
    await page.getByRole('textbox', { name: 'Status name: Follow up' }).waitFor();
    await page.mouse.click(1300, 120);
    await shot(page, 'settings-statuses');
    expect(problems).toEqual([]);
    await context.close();
  });
});
