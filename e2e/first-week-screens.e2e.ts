import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { statuses, teams } from '../apps/server/src/db/schema/index.js';
import { insertContact, insertMember, type TestUser } from '../apps/server/src/test/factories.js';
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
});
