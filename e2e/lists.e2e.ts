import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDataDir } from '../apps/server/src/config.js';
import { type TestUser } from '../apps/server/src/test/factories.js';
import { launchBrowser, shot, signedIn, startServer, insertOnboardedAdmin } from './support/harness.js';

const NASHVILLE = path.join(
  sharedDataDir(),
  'nashville-housing/Nashville Housing Data for Data Cleaning.csv',
);

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  // The Nashville sheet has 13,999 rows: large enough to watch its progress, above the default limit.
  server = await startServer({ IMPORT_MAX_ROWS: 20_000 });
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'ivy@sierra.test', 'Ivy Chen', { name: 'Sierra Realty' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 6, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
}

describe('importing a list', () => {
  it('uploads a real file, maps two columns by drag and drop, shows the progress and the finished list', async () => {
    const { context, page, problems } = await signedIn(browser, admin);

    await page.goto(`${server.url}/import`);
    await page.getByLabel('Spreadsheet file').setInputFiles(NASHVILLE);
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('cell', { name: 'SINGLE FAMILY' }).first().waitFor();

    // Tall enough for the 19 columns and every field at once: the drag needs both on screen.
    await page.setViewportSize({ width: 1440, height: 2400 });
    await drag(
      page,
      page.getByRole('button', { name: 'PropertyAddress', exact: true }),
      page.getByRole('button', { name: 'Property: Street1' }),
    );
    await drag(
      page,
      page.getByRole('button', { name: 'LandUse', exact: true }),
      page.getByRole('button', { name: 'Property: Use Description' }),
    );
    await expect
      .poll(() => preview.getByRole('columnheader', { name: /PropertyAddress/ }).textContent())
      .toMatch(/Street1/);
    await page.getByLabel('List name').fill('Nashville sales');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'import-mapped');

    const started = page.waitForResponse((r) => r.url().endsWith('/api/lists/import'));
    await page.getByRole('button', { name: 'Start importing' }).click();
    const body = (await started).request().postDataJSON() as {
      fields: { name: string; matchesTo: string }[];
    };
    expect(body.fields).toEqual(
      expect.arrayContaining([
        { name: 'PropertyAddress', type: 'property', matchesTo: 'Street1' },
        { name: 'LandUse', type: 'property', matchesTo: 'Use Description' },
      ]),
    );
    await page.waitForURL(/\/lists$/);
    const card = page.getByRole('article', { name: 'Nashville sales' });
    await card.getByRole('progressbar', { name: 'Import of Nashville sales' }).waitFor();
    await shot(page, 'lists-importing');

    await card.getByRole('button', { name: 'Create campaign' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => card.textContent()).toMatch(/13,999/);
    await shot(page, 'lists-imported');

    await card.click();
    await page.getByRole('link', { name: 'Open list' }).click();
    await page.getByText(/Showing properties between 1 - 25/).waitFor();
    await shot(page, 'list-detail');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
