import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../apps/server/src/config.js';
import { type TestUser } from '../apps/server/src/test/factories.js';
import { insertOnboardedAdmin, launchBrowser, shot, signedIn, startServer } from './support/harness.js';

/** 31 leads from seven countries with a Country column (apps/server/src/modules/lists/engine/fixtures). */
const FIXTURES = path.join(REPO_ROOT, 'apps/server/src/modules/lists/engine/fixtures');
const LEADS_CSV = path.join(FIXTURES, 'international-leads.csv');
const LEADS_XLSX = path.join(FIXTURES, 'international-leads.xlsx');

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  // A limit of 30 rows: the 31-row sheet is over it by one.
  server = await startServer({ IMPORT_MAX_ROWS: 30 });
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'rosa@harbor.test', 'Rosa Diaz', { name: 'Harbor Homes' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('importing an international sheet', () => {
  it('maps its Country column, imports its first 30 rows, and remembers the mapping for the next file of that layout', async () => {
    const { context, page, problems } = await signedIn(browser, admin);

    await page.goto(`${server.url}/import`);
    await page.getByLabel('Spreadsheet file').setInputFiles(LEADS_CSV);
    const country = page.getByRole('button', { name: 'Contact: Country' });
    await expect.poll(() => country.textContent()).toContain('Country');
    const start = page.getByRole('button', { name: 'Import the first 30 rows' });
    await start.waitFor();
    // The city is where the owner lives, not a property: mapped by hand, and remembered below.
    await page.getByRole('button', { name: 'City', exact: true }).click();
    await page.getByRole('button', { name: 'Contact: City' }).click();
    await page.getByLabel('List name').fill('International owners');
    // Tall enough to show the offer and the Country field at once; the connection banner gone.
    await page.setViewportSize({ width: 1440, height: 1150 });
    await page.getByText('Connected to server').waitFor({ state: 'hidden' });
    await shot(page, 'import-country-first-rows');

    await start.click();
    await page.waitForURL(/\/lists$/);
    const card = page.getByRole('article', { name: 'International owners' });
    await card.getByRole('button', { name: 'Create campaign' }).waitFor({ timeout: 60_000 });
    const summary = card.getByRole('group', { name: 'Import result' });
    await expect
      .poll(() => summary.textContent())
      .toContain('Only the first 30 rows of the file were imported.');
    expect(await summary.textContent()).toMatch(/5 invalid phones.*2 rows with an unrecognised country/);
    await shot(page, 'lists-international-imported');

    // The same layout again, as a workbook: the mapping comes back on its own.
    await page.goto(`${server.url}/import`);
    await page.getByLabel('Spreadsheet file').setInputFiles(LEADS_XLSX);
    await page.getByText('Mapping from your last import of this file layout applied.').waitFor();
    expect(await country.textContent()).toContain('Country');
    expect(await page.getByRole('button', { name: 'Contact: City' }).textContent()).toContain('City');
    expect(await page.getByRole('button', { name: 'Property: City' }).textContent()).toBe('City');
    await shot(page, 'import-remembered-mapping');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
