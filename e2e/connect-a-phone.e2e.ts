import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSmsGatewayApp } from '../apps/server/src/test/fake-sms-gateway-app.js';
import { ARTIFACTS, insertOnboardedAdmin, launchBrowser, signedIn, startServer } from './support/harness.js';

/**
 * The README's "Connect a phone", walked in a browser: Settings > Devices > Add device, each way to
 * connect a phone. The server's public address is an https one, as in production behind HAProxy, so
 * the screens show what an agent really types. The dialog's pictures (`readme-*.png` in the e2e
 * artifacts) are the README's images in docs/images/.
 */
const PUBLIC_URL = 'https://prospector.example.com';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ PUBLIC_URL });
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const picture = (dialog: Locator, name: string) =>
  dialog.screenshot({ path: path.join(ARTIFACTS, `readme-${name}.png`), animations: 'disabled' });

describe('Connect a phone, as the README tells it', () => {
  it('Add device offers the SMS Gateway app first, with the https API URL and a code the app signs in with', async () => {
    const admin = await insertOnboardedAdmin(server, 'ines@harbor.test', 'Ines Park');
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/devices`);
    await page.getByRole('button', { name: 'Add device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add device' });
    await dialog
      .getByRole('button', { name: /Android phone — SMS Gateway app/ })
      .first()
      .waitFor();
    await picture(dialog, 'add-device-choice');

    await dialog
      .getByRole('button', { name: /Android phone — SMS Gateway app/ })
      .first()
      .click();
    await dialog.getByRole('textbox', { name: "The phone's number" }).fill('+1 646 555 0178');
    await dialog.getByRole('button', { name: 'Get a code' }).click();
    const panel = dialog.getByRole('region', { name: 'Connect (646) 555-0178' });
    const code = ((await panel.getByLabel('Login Code', { exact: true }).textContent()) ?? '').trim();
    expect(code).toMatch(/^\d{4} \d{4}$/);
    expect((await panel.getByLabel('API URL', { exact: true }).textContent())?.trim()).toBe(
      `${PUBLIC_URL}/api/mobile/v1`,
    );
    await picture(dialog, 'add-device-sms-gateway');

    // The phone signs in with the code (here straight to the server; through HAProxy and TLS in
    // apps/server/src/test/https.processes.test.ts).
    const phone = new FakeSmsGatewayApp({
      apiUrl: `${server.url}/api/mobile/v1`,
      phoneNumber: '+16465550178',
    });
    await phone.register(code.replace(' ', ''));
    phone.start();
    try {
      await panel.getByText('Connected. Texts now go out from this phone.').waitFor({ timeout: 20_000 });
      await picture(dialog, 'add-device-sms-gateway-connected');
    } finally {
      phone.kill();
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Add device offers the local server phone and the BlueBubbles Mac, each asking for what its app shows', async () => {
    const admin = await insertOnboardedAdmin(server, 'omar@harbor.test', 'Omar Reyes');
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/devices`);
    await page.getByRole('button', { name: 'Add device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add device' });
    await dialog.getByRole('button', { name: /local server/ }).click();
    await dialog.getByRole('textbox').first().waitFor();
    expect(await dialog.getByRole('textbox').count()).toBeGreaterThanOrEqual(3);
    await picture(dialog, 'add-device-local-server');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add device' }).click();
    await dialog.getByRole('button', { name: /Mac with BlueBubbles/ }).click();
    await dialog.getByRole('textbox').first().waitFor();
    expect(await dialog.getByRole('textbox').count()).toBeGreaterThanOrEqual(2);
    await picture(dialog, 'add-device-bluebubbles');
    expect(problems).toEqual([]);
    await context.close();
  });
});
