import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { statuses, teams } from '../apps/server/src/db/schema/index.js';
import { insertContact, insertMember, type TestUser } from '../apps/server/src/test/factories.js';
import { formatPhone } from '@prospector/core';
import { insertOnboardedAdmin, launchBrowser, shot, signedIn, startServer } from './support/harness.js';

/*
 * Issue 30's screens in a real browser, as a new team meets them: Escape on a record's Assign list,
 * the builder opened from the dialler on Call with its "Last contacted before" cleared, the call
 * campaign's card, and the time-zone search. Each step leaves a screenshot in test-results/e2e.
 */

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let dana: TestUser;
const WAIT = { timeout: 30_000 };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  dana = await insertOnboardedAdmin(server, 'dana@screens.test', 'Dana Brooks', {
    name: 'Sierra Realty',
    timezone: 'America/New_York',
  });
  await server.database.db
    .insert(statuses)
    .values({ teamId: dana.teamId, text: 'Follow up', position: 10 })
    .onConflictDoNothing();
  await insertMember(server, dana.teamId, 'max@screens.test', { name: 'Max Reyes', permissions: ['calls'] });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("issue 30's screens", () => {
  it("offers a new team's first actions on its empty board", async () => {
    const { context, page } = await signedIn(browser, dana);
    await page.goto(`${server.url}/`);
    const start = page.getByRole('region', { name: 'Get started' });
    await start.getByRole('link', { name: 'Import a list' }).waitFor(WAIT);
    expect(await start.getByRole('link', { name: 'Add a phone' }).isVisible()).toBe(true);
    await shot(page, 'issue30-empty-board-first-actions');
    await context.close();
  }, 180_000);

  it('closes only the Assign list on Escape, and the record stays open', async () => {
    const rosa = await insertContact(server.database.db, dana.teamId, {
      first: 'Rosa',
      last: 'Lindqvist',
      status: 'Not contacted',
      phones: ['+12125550181'],
    });
    const { context, page } = await signedIn(browser, dana);
    await page.goto(`${server.url}/?record=${rosa.id}`);
    const record = page.getByRole('dialog', { name: /Rosa Lindqvist/ });
    await record.waitFor(WAIT);
    await record.getByRole('button', { name: 'Assign to members' }).click();
    await page.getByRole('checkbox', { name: 'Max Reyes' }).waitFor(WAIT);
    await shot(page, 'issue30-assign-open');
    await page.keyboard.press('Escape');
    await page.getByRole('checkbox', { name: 'Max Reyes' }).waitFor({ state: 'hidden', ...WAIT });
    expect(await record.isVisible()).toBe(true);
    await shot(page, 'issue30-assign-closed-record-open');
    await context.close();
  }, 180_000);

  it("opens the builder on Call from the dialler, clears 'Last contacted before', and launches a card that counts calls", async () => {
    await insertContact(server.database.db, dana.teamId, {
      first: 'Ada',
      last: 'Moss',
      status: 'Follow up',
      phones: ['+12125550182'],
    });
    const { context, page } = await signedIn(browser, dana);
    await page.goto(`${server.url}/dialler`);
    await page.getByRole('link', { name: 'New call campaign' }).click(WAIT);
    await page.getByText('Who to call').waitFor(WAIT);
    expect(await page.getByRole('radio', { name: 'Call' }).isChecked()).toBe(true);

    await page.getByRole('checkbox', { name: 'Follow up' }).check(WAIT);
    const picker = page.getByRole('button', { name: 'Last contacted before', exact: true });
    await expect.poll(() => picker.textContent(), WAIT).not.toContain('Any time');
    await shot(page, 'issue30-builder-call-filled');
    await page.getByRole('button', { name: 'Clear Last contacted before' }).click(WAIT);
    await expect.poll(() => picker.textContent(), WAIT).toContain('Any time');
    await shot(page, 'issue30-builder-call-cleared');

    await page.getByRole('button', { name: 'Launch campaign' }).click(WAIT);
    await page.waitForURL(/\/dialler$/, WAIT);
    await page.getByRole('heading', { name: 'Dialler' }).waitFor(WAIT);
    await shot(page, 'issue30-dialler');
    await page.goto(`${server.url}/campaigns`);
    const card = page.getByRole('article', { name: /^Call campaign / });
    await card.getByText('Called').waitFor(WAIT);
    expect(await card.getByText('Answered').isVisible()).toBe(true);
    await shot(page, 'issue30-call-campaign-card');
    await card.getByRole('button', { name: /^Delete / }).click();
    await page
      .getByRole('dialog', { name: 'Delete campaign' })
      .getByText(/until called or unqueued/)
      .waitFor(WAIT);
    await shot(page, 'issue30-call-campaign-delete');
    await context.close();
  }, 240_000);

  it("lists Pacific Time's zones first when 'Pacific' is typed in Settings > Other", async () => {
    const { context, page } = await signedIn(browser, dana);
    await page.goto(`${server.url}/settings/other`);
    const zone = page.getByRole('combobox', { name: /Time zone/ });
    await zone.waitFor(WAIT);
    await zone.fill('Pacific');
    const first = page.getByRole('option').first();
    await first.waitFor(WAIT);
    expect(await first.textContent()).toMatch(/America\/(Los_Angeles|Tijuana|Vancouver)/);
    await shot(page, 'issue30-time-zone-pacific');
    await context.close();
  }, 180_000);

  it("offers Pacific Time for 'Seattle' in Settings > Other, names the city, and saves it", async () => {
    const { context, page } = await signedIn(browser, dana);
    await page.goto(`${server.url}/settings/other`);
    const zone = page.getByRole('combobox', { name: /Time zone/ });
    await zone.waitFor(WAIT);
    await zone.fill('Seattle');
    const first = page.getByRole('option').first();
    await first.getByText('Seattle, Washington').waitFor(WAIT);
    expect(await first.textContent()).toContain('America/Los_Angeles');
    await shot(page, 'issue30-time-zone-seattle');
    await first.click();
    await expect
      .poll(async () => {
        const [team] = await server.database.db.select().from(teams).where(eq(teams.id, dana.teamId));
        return team?.timezone;
      }, WAIT)
      .toBe('America/Los_Angeles');
    await context.close();
  }, 180_000);

  it("shows every phone in one format on every screen: national for the team's country, international otherwise", async () => {
    const us = '+12125550183';
    const uk = '+442079460958';
    const nameless = '+13105550184'; // a second contact's phone
    // The simulated phone answers a number ending in 6 with STOP: the thread says so with the number.
    const stopper = '+14155550176';
    const noel = await insertContact(server.database.db, dana.teamId, {
      first: 'Noel',
      last: 'Park',
      status: 'Not contacted',
      phones: [us, uk],
    });
    const unnamed = await insertContact(server.database.db, dana.teamId, {
      status: 'Not contacted',
      phones: [nameless],
    });
    const api = async (url: string, payload: object) => {
      const res = await server.app.inject({ method: 'POST', url, headers: dana.headers, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const opted = await insertContact(server.database.db, dana.teamId, {
      first: 'Opal',
      last: 'Stone',
      status: 'Not contacted',
      phones: [stopper],
    });
    const { device } = await api('/api/services/addSimulatedPhone', {});
    // The simulated phone connects a moment after it is added.
    await expect
      .poll(async () => {
        const res = await server.app.inject({
          method: 'GET',
          url: '/api/services/devices',
          headers: dana.headers,
        });
        return JSON.stringify(res.json()).includes('"connected":true');
      }, WAIT)
      .toBe(true);
    await api('/api/messages/sendSms', { body: 'Hi Noel, still the owner?', dataId: noel.id, to: us });
    await api('/api/messages/sendSms', { body: 'Hello!', dataId: unnamed.id, to: nameless });
    await api('/api/messages/sendSms', { body: 'Hi Opal!', dataId: opted.id, to: stopper });
    await api('/api/calls/enqueue', { itemIds: [noel.id, unnamed.id] });
    const shown: Record<string, string> = {
      [us]: formatPhone(us),
      [uk]: formatPhone(uk),
      [nameless]: formatPhone(nameless),
      [stopper]: formatPhone(stopper),
      [device.value]: formatPhone(device.value),
    };
    expect(shown[us]).toBe('(212) 555-0183');
    expect(shown[uk]).toBe('+44 20 7946 0958');

    /** Every phone-like run of a screen's text that is one of ours, as written there. */
    const phonesOn = (text: string) =>
      text
        .split('\n')
        .flatMap((line) => [...line.matchAll(/[+(]?\d[\d ().\u2011-]{7,}\d/g)])
        .map((m) => m[0].trim())
        .filter((written) => {
          const digits = written.replace(/\D/g, '');
          return Object.keys(shown).some((e164) => e164.endsWith(digits.slice(-10)) && digits.length >= 10);
        });
    const wrong = (text: string) =>
      phonesOn(text).filter((written) => !Object.values(shown).includes(written));

    const { context, page } = await signedIn(browser, dana);
    const screens: [string, string, () => Promise<void>][] = [
      ['board', '/', () => page.getByText('Noel Park').first().waitFor(WAIT)],
      [
        'record',
        `/?record=${noel.id}`,
        () =>
          page
            .getByRole('dialog', { name: /Noel Park/ })
            .getByText('Hi Noel, still the owner?')
            .waitFor(WAIT),
      ],
      ['record-second', `/?record=${unnamed.id}`, () => page.getByText('Hello!').first().waitFor(WAIT)],
      [
        'record-opted-out',
        `/?record=${opted.id}`,
        () =>
          page
            .getByText(/asked not to be texted again/)
            .first()
            .waitFor(WAIT),
      ],
      ['messenger', '/messenger', () => page.getByText('Noel Park').first().waitFor(WAIT)],
      [
        'dialler-queue',
        '/dialler',
        async () => {
          // The queue shows once the member joins the dialler.
          await page.getByRole('button', { name: 'Join' }).click(WAIT);
          await page.getByRole('button', { name: 'Continue without a voicemail' }).click(WAIT);
          await page.getByTestId('queue-entry').filter({ hasText: 'Noel Park' }).waitFor(WAIT);
        },
      ],
      ['devices', '/settings/devices', () => page.getByText(shown[device.value]!).first().waitFor(WAIT)],
    ];
    for (const [name, url, ready] of screens) {
      await page.goto(`${server.url}${url}`);
      await ready();
      const text = await page.locator('body').innerText();
      await shot(page, `issue30-phones-${name}`);
      expect(phonesOn(text).length, `${name} shows our phones`).toBeGreaterThan(0);
      expect(wrong(text), `${name}: phones in another format`).toEqual([]);
    }
    await context.close();
  }, 240_000);

  it("shows a British team's own numbers nationally, and others with their code, once its admin picks United Kingdom", async () => {
    const nia = await insertContact(server.database.db, dana.teamId, {
      first: 'Nia',
      last: 'Hart',
      status: 'Not contacted',
      phones: ['+442071838750', '+12125550199'],
    });
    const { context, page } = await signedIn(browser, dana);
    try {
      await page.goto(`${server.url}/settings/other`);
      const country = page.getByRole('combobox', { name: 'Country' });
      await country.waitFor(WAIT);
      expect(await country.inputValue()).toBe('United States (+1)');
      await country.fill('United King');
      await page.getByRole('option', { name: 'United Kingdom (+44)' }).click(WAIT);
      await page.getByText('Country saved.').waitFor(WAIT);
      await shot(page, 'issue30-settings-country');
      await page.goto(`${server.url}/?record=${nia.id}`);
      const record = page.getByRole('dialog', { name: /Nia Hart/ });
      await record.getByText('020 7183 8750').first().waitFor(WAIT);
      expect(await record.getByText('+1 212 555 0199').count()).toBeGreaterThan(0);
      await shot(page, 'issue30-record-british-team');
    } finally {
      await context.close();
      await server.database.db.update(teams).set({ country: 'US' }).where(eq(teams.id, dana.teamId));
    }
  }, 180_000);
});
