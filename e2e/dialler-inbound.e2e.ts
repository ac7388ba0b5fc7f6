import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../apps/server/src/db/schema/index.js';
import { createSimulatedVoice } from '../apps/server/src/providers/voice/index.js';
import { insertContact, insertMember, type TestUser } from '../apps/server/src/test/factories.js';
import { launchBrowser, shot, signedIn, startServer, insertOnboardedAdmin } from './support/harness.js';

const voice = createSimulatedVoice({ playMs: 1500 });

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let dana: TestUser;
let max: TestUser;

beforeAll(async () => {
  server = await startServer({}, { voice });
  browser = await launchBrowser();
  dana = await insertOnboardedAdmin(server, 'dana@inbound.test', 'Dana Brooks', {
    name: 'Sierra Realty',
    timezone: 'America/New_York',
  });
  max = await insertMember(server, dana.teamId, 'max@inbound.test', {
    name: 'Max Reyes',
    permissions: ['calls'],
    dataAccess: 'All data',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('an inbound call in the dialler', () => {
  it('rings both idle members; Max accepts in the browser, Dana stops ringing, the call lands in the thread', async () => {
    const bought = await server.app.inject({
      method: 'POST',
      url: '/api/calls/buyNumber',
      headers: dana.headers,
      payload: { areaCode: '212' },
    });
    expect(bought.statusCode).toBe(200);
    // The team's one contact with a phone: the simulated line's caller.
    const alice = await insertContact(server.database.db, dana.teamId, {
      first: 'Alice',
      last: 'Moreno',
      phones: ['+12125550181'],
      data: { City: 'Sacramento', State: 'CA' },
    });

    const a = await signedIn(browser, dana);
    const b = await signedIn(browser, max);
    for (const p of [b.page, a.page]) {
      await p.goto(`${server.url}/dialler`);
      await p.getByRole('button', { name: 'Join' }).click();
      await p.getByRole('button', { name: 'Continue without a voicemail' }).click();
    }
    await a.page.getByRole('button', { name: 'Simulate an incoming call' }).click();

    const ringingA = a.page.getByRole('region', { name: 'Incoming call from Alice Moreno' });
    const ringingB = b.page.getByRole('region', { name: 'Incoming call from Alice Moreno' });
    await ringingA.waitFor({ timeout: 10_000 });
    await ringingB.waitFor();
    await ringingB.getByText('(212) 555-0181').waitFor();
    await ringingB.getByText('Sacramento').waitFor();
    await shot(b.page, 'dialler-inbound-ringing');
    await ringingB.getByRole('button', { name: 'Accept' }).click();

    await b.page.getByText('On call with').waitFor({ timeout: 10_000 });
    await ringingA.waitFor({ state: 'detached' });
    const maxRow = a.page.getByTestId('active-member').filter({ hasText: 'Max Reyes' });
    await maxRow.getByText(/On call: 0:0\d/).waitFor({ timeout: 9_000 });
    await shot(b.page, 'dialler-inbound-on-call');
    await b.page.getByRole('button', { name: 'End call' }).click();
    await expect
      .poll(
        async () =>
          (await server.database.db.select().from(messages).where(eq(messages.itemId, alice.id))).map((m) => [
            m.direction,
            m.status,
          ]),
        { timeout: 10_000 },
      )
      .toEqual([['in', 'Done']]);

    // The status dialog's call settings, and the member's own.
    await a.page.getByRole('button', { name: 'Call settings' }).click();
    await a.page
      .getByRole('dialog', { name: 'My call settings' })
      .getByText('Skip records with no status')
      .waitFor();
    await shot(a.page, 'dialler-call-settings');
    await a.page.keyboard.press('Escape');
    await a.page.goto(`${server.url}/settings/statuses`);
    await a.page.getByRole('button', { name: 'Call settings for Not contacted' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Call settings: Not contacted' });
    await dialog.getByRole('switch', { name: /Forward inbound calls/ }).check({ force: true });
    await dialog.getByRole('combobox', { name: 'Forward to' }).click();
    await a.page.getByRole('option', { name: /Max Reyes/ }).waitFor();
    await a.page.keyboard.press('Escape');
    await shot(a.page, 'status-call-settings');
    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
  }, 60_000);
});
