import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../apps/server/src/test/factories.js';
import {
  startFakeSmsGatewayLocal,
  type FakeSmsGatewayLocal,
} from '../apps/server/src/test/fake-sms-gateway-local.js';
import { insertOnboardedAdmin, launchBrowser, shot, signedIn, startServer } from './support/harness.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;
let phone: FakeSmsGatewayLocal;

beforeAll(async () => {
  // The fake phone listens on 127.0.0.1: loopback is allowed for tests only (ADR 034).
  server = await startServer({ REMOTE_DEVICES_ALLOW_LOOPBACK: true });
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'omar@sierra.test', 'Omar Haddad', { name: 'Sierra Realty' });
  phone = await startFakeSmsGatewayLocal();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await phone?.close();
});

describe('Settings > Devices: devices the server calls', () => {
  it('an admin adds an Android phone in local server mode by its address and sees it connected; wrong credentials are refused', async () => {
    const { page } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/devices`);
    await page.getByRole('button', { name: 'Add device' }).first().click();
    await page.getByRole('button', { name: /Mac with BlueBubbles/ }).waitFor();
    await shot(page, 'remote-devices-choices');

    await page.getByRole('button', { name: /Mac with BlueBubbles/ }).click();
    await page.getByRole('textbox', { name: 'Server URL' }).waitFor();
    await shot(page, 'remote-devices-bluebubbles-form');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: /SMS Gateway app, local server/ }).click();
    await page.getByRole('textbox', { name: 'Address' }).fill(phone.url);
    await page.getByRole('textbox', { name: 'Username' }).fill(phone.creds.username);
    await page.locator('input[type="password"]').fill('wrong');
    await page.getByRole('textbox', { name: "This phone's number" }).fill('+1 312 555 0147');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('alert').getByText('refused the username or password').waitFor();
    await shot(page, 'remote-devices-local-refused');

    await page.locator('input[type="password"]').fill(phone.creds.password);
    await page.getByRole('button', { name: 'Connect' }).click();
    // The dialog's own status, not the connection banner (also a status) that may still be showing.
    const added = page.getByRole('status').filter({ hasText: 'is connected' });
    await added.waitFor();
    await shot(page, 'remote-devices-local-connected');
    expect(await added.textContent()).toContain('(312) 555-0147');
  });
});
