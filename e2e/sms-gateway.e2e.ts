import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, teams } from '../apps/server/src/db/schema/index.js';
import { FakeSmsGatewayApp } from '../apps/server/src/test/fake-sms-gateway-app.js';
import { insertTeamAdmin } from '../apps/server/src/test/factories.js';
import { launchBrowser, shot, signedIn, startServer } from './support/harness.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Connecting an Android phone with the SMS Gateway app', () => {
  it('a new admin picks the app in the device step, the phone signs in with the code shown, and the row turns connected', async () => {
    const newcomer = await insertTeamAdmin(server, 'rosa@harbor.test', 'Rosa Diaz');
    await server.database.db
      .update(teams)
      .set({ name: 'Harbor Homes', timezone: 'America/New_York' })
      .where(eq(teams.id, newcomer.teamId));
    const { context, page, problems } = await signedIn(browser, newcomer);
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Connect a device' }).waitFor();
    // The app first, then the phone in local server mode and the Mac with BlueBubbles, then our agent.
    const choices = page.getByRole('button', { name: /Android phone|Mac/ });
    await choices.first().waitFor();
    expect(
      (await choices.allTextContents()).map((t) =>
        t.split(/Recommended|Trying|iPhones|Our agent/i)[0]!.trim(),
      ),
    ).toEqual([
      'Android phone — SMS Gateway app',
      'Android phone — SMS Gateway app, local server',
      'Mac with BlueBubbles',
      'Android phone with Termux',
      'Mac + iPhone',
    ]);
    await shot(page, 'sms-gateway-device-choice');

    await choices.first().click();
    await page.getByRole('textbox', { name: "The phone's number" }).fill('+1 646 555 0134');
    await page.getByRole('button', { name: 'Get a code' }).click();

    const panel = page.getByRole('region', { name: 'Connect (646) 555-0134' });
    const code = ((await panel.getByLabel('Login Code', { exact: true }).textContent()) ?? '').trim();
    expect(code).toMatch(/^\d{4} \d{4}$/);
    expect((await panel.getByLabel('API URL', { exact: true }).textContent())?.trim()).toBe(
      `${server.app.config.PUBLIC_URL}/api/mobile/v1`,
    );
    await expect.poll(() => panel.getByRole('status').textContent()).toContain('Waiting for the phone');
    await shot(page, 'sms-gateway-code');

    // The phone types the code (digits only, as the app's field takes them) against this server.
    const phone = new FakeSmsGatewayApp({
      apiUrl: `${server.url}/api/mobile/v1`,
      phoneNumber: '+16465550134',
    });
    await phone.register(code.replace(' ', ''));
    phone.start();
    try {
      await panel.getByText('Connected. Texts now go out from this phone.').waitFor({ timeout: 20_000 });
      expect(await panel.getByRole('status').textContent()).toContain('Connected');
      await shot(page, 'sms-gateway-connected');
      const [row] = await server.database.db
        .select()
        .from(devices)
        .where(eq(devices.teamId, newcomer.teamId));
      expect(row).toMatchObject({ value: '+16465550134', transport: 'sms_gateway', connected: true });
      await page.getByRole('button', { name: 'NEXT' }).click();
      await page.getByRole('heading', { name: 'Subtemplates' }).waitFor();
    } finally {
      phone.kill();
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
