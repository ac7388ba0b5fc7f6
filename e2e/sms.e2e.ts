import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContact, type TestUser } from '../apps/server/src/test/factories.js';
import { launchBrowser, shot, signedIn, startServer, insertOnboardedAdmin } from './support/harness.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'dana@sierra.test', 'Dana Brooks', { name: 'Sierra Realty' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('texting from the record', () => {
  it('connects a simulated phone, texts a contact, sees it delivered and the reply arrive live', async () => {
    const contact = await insertContact(server.database.db, admin.teamId, {
      first: 'Ann',
      last: 'Lee',
      phones: ['916-456-7001'],
      status: 'Not contacted',
    });
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/devices`);
    await page.getByRole('button', { name: 'Add a simulated phone' }).click();
    await page.getByText('(916) 555-0100').first().waitFor();
    await page.getByText('Connected', { exact: true }).first().waitFor({ timeout: 10_000 });
    await shot(page, 'devices-simulated');

    // A teammate keeps the Messenger open in another browser.
    const teammate = await signedIn(browser, admin);
    await teammate.page.goto(`${server.url}/messenger`);
    await teammate.page.getByRole('heading', { name: 'Messenger' }).waitFor();

    await page.goto(`${server.url}/?record=${contact.id}`);
    const record = page.getByRole('dialog', { name: /Ann Lee/ });
    await record.getByRole('tab', { name: 'SMS' }).click();
    await record.getByLabel('To', { exact: true }).selectOption('+19164567001');
    const box = record.getByRole('textbox', { name: 'SMS' });
    await box.fill('Hi Ann, are you still thinking of selling?');
    await box.press('Enter');

    await record.getByText('Hi Ann, are you still thinking of selling?').waitFor();
    await record.getByText('delivered', { exact: true }).waitFor({ timeout: 10_000 });
    await record.getByText('Hi! Yes, I got your text. Is the offer still open?').waitFor({ timeout: 15_000 });
    await shot(page, 'sms-thread');
    expect(await box.inputValue()).toBe('');
    // A second text, and the record is closed before its reply comes: the reply is unread, so the
    // teammate's Messenger shows it live with the counter raised.
    await box.fill('Great, when can we talk?');
    await box.press('Enter');
    await record.getByText('Great, when can we talk?').waitFor();
    await page.getByRole('button', { name: 'Close record' }).click();
    await teammate.page.getByRole('link', { name: /Messenger, 1 unread/ }).waitFor({ timeout: 15_000 });
    await teammate.page.getByRole('row', { name: /Ann Lee/ }).waitFor();
    await shot(teammate.page, 'messenger-live');
    expect(teammate.problems).toEqual([]);
    await teammate.context.close();
    expect(problems).toEqual([]);
    await context.close();
  });
});
