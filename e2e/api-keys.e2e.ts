import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser } from '../apps/server/src/test/factories.js';
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
  admin = await insertOnboardedAdmin(server, 'keys@sierra.test', 'Kay Ng', { name: 'Sierra Realty' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const listContacts = (key: string) =>
  fetch(`${server.url}/api/v1/contacts`, { headers: { authorization: `Bearer ${key}` } }).then(
    (r) => r.status,
  );

describe('API keys in Settings > Other', () => {
  it('an admin makes a key that is shown once, sees when it was last used, and revokes it', async () => {
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/other`);
    const form = page.getByRole('form', { name: 'New API key' });
    await form.getByRole('textbox', { name: 'Key name' }).fill('Zapier');
    await form.getByRole('checkbox', { name: 'Send texts' }).check();
    await form.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Copy this key now: it will not be shown again.').waitFor();
    const key = (await page.getByTestId('new-api-key').textContent())!;
    expect(key).toMatch(/^pk_/);
    await shot(page, 'settings-api-key-created');

    expect(await listContacts(key)).toBe(200);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.reload();
    const table = page.getByRole('table', { name: 'Your API keys' });
    const row = table.getByRole('row', { name: /Zapier/ });
    await row.waitFor();
    expect(await row.textContent()).not.toContain(key);
    expect(await row.textContent()).toContain('Send texts');
    expect(await row.textContent()).not.toContain('Never');
    await page.getByRole('region', { name: 'API keys' }).scrollIntoViewIfNeeded();
    await shot(page, 'settings-api-keys');

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke this key?' })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await row.getByText('Revoked').waitFor();
    expect(await listContacts(key)).toBe(401);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the API reference renders the OpenAPI document under the product’s CSP', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(`${server.url}/api/v1/docs`);
    await page.getByText('Prospector API').first().waitFor({ timeout: 30_000 });
    await page.getByText('Create a contact').first().waitFor();
    await shot(page, 'api-v1-docs');
    expect(problems).toEqual([]);
    await context.close();
  });
});
