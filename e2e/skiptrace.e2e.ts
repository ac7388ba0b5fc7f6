import { readFileSync } from 'node:fs';
import path from 'node:path';
import { messages, UNITS_PER_DOLLAR } from '@prospector/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDataDir } from '../apps/server/src/config.js';
import { createDemoProvider } from '../apps/server/src/providers/skiptrace/index.js';
import { importCsv } from '../apps/server/src/test/import-csv.js';
import type { TestUser } from '../apps/server/src/test/factories.js';
import { insertOnboardedAdmin, launchBrowser, shot, signedIn, startServer } from './support/harness.js';

/*
 * Import properties → skip trace them with the demo provider → campaign to the owners found. Twelve
 * real public addresses from the Sacramento sales file (../shared/data/sacramento-real-estate, no
 * owner names in it); no BATCHDATA_API_KEY, so the demo provider answers with fictional numbers.
 */
const SACRAMENTO = path.join(sharedDataDir(), 'sacramento-real-estate/Sacramentorealestatetransactions.csv');

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;
let slowMs = 0;

beforeAll(async () => {
  // The demo provider, a little slow, so the run's progress can be seen (and cancelled).
  const demo = createDemoProvider();
  server = await startServer(
    { CAMPAIGN_ENGINE: false, SKIPTRACE_BATCH: 4, SKIPTRACE_CONCURRENCY: 1 },
    {
      skiptraceProvider: {
        ...demo,
        trace: async (requests) => {
          await new Promise((r) => setTimeout(r, slowMs));
          return demo.trace(requests);
        },
      },
    },
  );
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'rosa@sierra.test', 'Rosa Park', {
    name: 'Sierra Realty',
    timezone: 'America/Los_Angeles',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const api = async (method: 'POST' | 'PUT', url: string, payload: object) => {
  const res = await server.app.inject({ method, url, headers: admin.headers, payload });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
  return res.json();
};

describe('skip tracing a list', () => {
  it('traces a list of properties with the demo provider, shows its figures live, and launches a campaign to the owners found', async () => {
    const rows = readFileSync(SACRAMENTO, 'utf8').split(/\r?\n/).slice(1, 13);
    const csv =
      ['Street,City,Zip,State', ...rows.map((r) => r.split(',').slice(0, 4).join(','))].join('\n') + '\n';
    const list = await importCsv(
      server,
      admin,
      csv,
      [
        { name: 'Street', type: 'property', matchesTo: 'Street1' },
        { name: 'City', type: 'property', matchesTo: 'City' },
        { name: 'Zip', type: 'property', matchesTo: 'Zip' },
        { name: 'State', type: 'property', matchesTo: 'State' },
      ],
      'Sacramento sales',
    );
    // Credits from staff (PATCH /api/admin/addCredits goes through the same ledger call).
    await server.app.services.ledger.grant({
      teamId: admin.teamId,
      amount: 5 * UNITS_PER_DOLLAR,
      reason: 'adminGrant',
      description: 'Trial credits',
      actorId: admin.userId,
    });
    await api('POST', '/api/services/addSimulatedPhone', {});
    const group = await api('PUT', '/api/templates/addGroup', { name: 'Owners' });
    await api('PUT', '/api/templates/addTemplate', {
      text: 'Hi **First name**, would you sell your home?',
      groupId: group._id,
    });

    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/lists/${list._id}`);
    await page.getByText('Sacramento sales').first().waitFor();
    await page.getByText(messages.skiptrace.demoData).first().waitFor();
    // A property without phones offers its own trace at its price.
    await page.getByRole('button', { name: /3526 HIGH ST/i }).click();
    await page
      .getByRole('region', { name: /3526 HIGH ST/i })
      .getByRole('button', { name: 'Skiptrace $0.06' })
      .waitFor();
    await shot(page, 'skiptrace-e2e-property');

    await page.getByRole('button', { name: 'Skiptrace $0.06 per hit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Skip trace' });
    await dialog.getByText('12 properties').waitFor();
    const go = dialog.getByRole('button', { name: 'Skip trace for up to $0.72' });
    expect(await go.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: /permissible purpose/ }).check();
    await shot(page, 'skiptrace-e2e-confirm');
    await go.click();

    // The run ends; its figures and the verified owners follow over the socket.
    const figures = page.getByLabel('Skip trace results');
    await expect
      .poll(async () => Number(await figures.getByText(/^\d+$/).first().textContent()), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Skiptrace $0.06 per hit' }).waitFor({ timeout: 20_000 });
    const { run } = (
      await server.app.inject({
        method: 'GET',
        url: `/api/lists/skiptrace/${list._id}`,
        headers: admin.headers,
      })
    ).json();
    expect(run).toMatchObject({ state: 'done', done: 12 });
    expect(run.hits).toBeGreaterThan(0);
    // Verified owners: properties whose owner has a phone that is not DNC (the demo flags 1 in 5).
    const { stats } = (
      await server.app.inject({ method: 'GET', url: `/api/lists/byId/${list._id}/0`, headers: admin.headers })
    ).json();
    expect(stats.verifiedOwners).toBeGreaterThan(0);
    const v = stats.verifiedOwners as number;
    await page.getByText(`${v} of 12 · ${Math.round((v / 12) * 100)}%`).waitFor();
    expect(await server.app.services.ledger.balance(admin.teamId)).toBe(
      5 * UNITS_PER_DOLLAR - run.hits * 600,
    );
    await shot(page, 'skiptrace-e2e-done');

    // The owners found are the list's contacts now: a campaign to them.
    await page.getByRole('button', { name: 'Launch Campaign' }).click();
    await page.getByRole('heading', { name: 'Campaign Builder' }).waitFor();
    await page.getByRole('checkbox', { name: /Not contacted/ }).check();
    await page.getByText(/\d+ contacts? selected/).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    for (const day of ['Sat', 'Sun'])
      await page.locator('label', { hasText: new RegExp(`^${day}$`) }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Campaign name').fill('Sacramento owners');
    await page.getByPlaceholder('Choose template groups').click();
    await page.getByRole('option', { name: /Owners/ }).click();
    await page.keyboard.press('Escape');
    await page
      .getByRole('checkbox', { name: /\(\d{3}\) \d{3}-\d{4}/ })
      .first()
      .check();
    await shot(page, 'skiptrace-e2e-finalize');
    await page.getByRole('button', { name: 'Launch campaign' }).click();
    await page.waitForURL(`${server.url}/campaigns`);
    await page.getByRole('article', { name: 'Sacramento owners' }).waitFor();
    await shot(page, 'skiptrace-e2e-campaign');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows a run’s progress with Cancel, and the record of a property without phones offers Skiptrace with its price', async () => {
    const rows = readFileSync(SACRAMENTO, 'utf8').split(/\r?\n/).slice(20, 40);
    const csv =
      ['Street,City,Zip,State', ...rows.map((r) => r.split(',').slice(0, 4).join(','))].join('\n') + '\n';
    const list = await importCsv(
      server,
      admin,
      csv,
      [
        { name: 'Street', type: 'property', matchesTo: 'Street1' },
        { name: 'City', type: 'property', matchesTo: 'City' },
        { name: 'Zip', type: 'property', matchesTo: 'Zip' },
        { name: 'State', type: 'property', matchesTo: 'State' },
      ],
      'Sacramento more',
    );
    const { context, page, problems } = await signedIn(browser, admin);
    const detail = (
      await server.app.inject({ method: 'GET', url: `/api/lists/byId/${list._id}/0`, headers: admin.headers })
    ).json();
    const propId = detail.properties[0]._id as string;
    await page.goto(`${server.url}/?record=${propId}`);
    const panel = page.getByRole('region', { name: 'Owner phones' });
    await panel.getByRole('button', { name: 'Skiptrace $0.06' }).waitFor();
    await panel.getByText(messages.skiptrace.demoData).waitFor();
    await shot(page, 'skiptrace-e2e-record');

    slowMs = 1500;
    await page.goto(`${server.url}/lists/${list._id}`);
    await page.getByRole('button', { name: 'Skiptrace $0.06 per hit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Skip trace' });
    await dialog.getByRole('checkbox', { name: /permissible purpose/ }).check();
    await dialog.getByRole('button', { name: /Skip trace for up to/ }).click();
    await page.getByText(/Skip tracing… 4 of 20/).waitFor({ timeout: 15_000 });
    await shot(page, 'skiptrace-e2e-running');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(/The skip trace was cancelled\./).waitFor();
    await shot(page, 'skiptrace-e2e-cancelled');
    slowMs = 0;
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
