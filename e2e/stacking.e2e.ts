import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser } from '../apps/server/src/test/factories.js';
import { importCsv, type Mapping } from '../apps/server/src/test/import-csv.js';
import { insertOnboardedAdmin, launchBrowser, shot, signedIn, startServer } from './support/harness.js';

// A customer's first list: an owner known only by phone and company, with the property they own, and a
// named lead without one.
const CSV = [
  'Phone,First name,Last name,Company,Street,City,State,Zip',
  '(206) 555-0171,,,ACME ROOFING LLC,4877 TERRACE DR NE,SEATTLE,WA,98105',
  '(206) 555-0172,Ann,Lee,,,,,',
].join('\n');
const FIELDS: Mapping[] = [
  { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
  { name: 'First name', type: 'contact', matchesTo: 'First name' },
  { name: 'Last name', type: 'contact', matchesTo: 'Last name' },
  { name: 'Company', type: 'company', matchesTo: 'Name' },
  { name: 'Street', type: 'property', matchesTo: 'Street1' },
  { name: 'City', type: 'property', matchesTo: 'City' },
  { name: 'State', type: 'property', matchesTo: 'State' },
  { name: 'Zip', type: 'property', matchesTo: 'Zip' },
];

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'gus@sierra.test', 'Gus Park', { name: 'Sierra Realty' });
  await importCsv(server, admin, CSV, FIELDS, 'First list');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const propertiesNamed = async (text: string) =>
  (await api('POST', '/api/services/search', { text, type: 'property' })).json<{ results: unknown[] }>()
    .results;

describe("a customer's first hour", () => {
  it('shows a contact without a name on the board by its company', async () => {
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(server.url);
    const card = page.getByRole('region', { name: 'Not contacted' }).getByLabel('Acme Roofing LLC');
    await card.waitFor();
    await page.getByRole('region', { name: 'Not contacted' }).getByLabel('Ann Lee').waitFor();
    expect(await page.getByText('Unnamed contact').count()).toBe(0);
    await shot(page, 'board-company-titled-contact');
    await card.click();
    await page.getByRole('dialog', { name: /Acme Roofing LLC/ }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('suggests the imported property while its address is typed, and links it instead of a copy', async () => {
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(server.url);
    await page.getByRole('region', { name: 'Not contacted' }).getByLabel('Ann Lee').click();
    const record = page.getByRole('dialog', { name: /Ann Lee/ });
    const box = record.getByRole('textbox', { name: 'New property address' });
    await box.waitFor();
    await box.fill('4877 Terr');
    const suggestion = record.getByRole('option', { name: '4877 Terrace Dr NE' });
    await suggestion.waitFor();
    expect(await suggestion.textContent()).toContain('Seattle, WA');
    await shot(page, 'record-link-suggestion');
    await suggestion.click();
    await page.getByText('Linked the existing property: 4877 Terrace Dr NE').waitFor();
    await record.getByRole('region', { name: 'Properties' }).getByText('4877 Terrace Dr NE').waitFor();
    expect(await propertiesNamed('4877 Terrace')).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('links the imported property when its address is typed another way and submitted, and says so', async () => {
    const contact = (await api('POST', '/api/services/search', { text: 'Ann Lee', type: 'contact' })).json<{
      results: { _id: string }[];
    }>().results[0]!;
    await server.app.inject({
      method: 'PATCH',
      url: '/api/items/unlink',
      headers: admin.headers,
      payload: {
        parentId: contact._id,
        parentType: 'contact',
        dataId: ((await propertiesNamed('4877 Terrace')) as { _id: string }[])[0]!._id,
        dataType: 'property',
      },
    });
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/?record=${contact._id}`);
    const record = page.getByRole('dialog', { name: /Ann Lee/ });
    const box = record.getByRole('textbox', { name: 'New property address' });
    await box.waitFor();
    await box.fill('4877 terrace drive ne, Seattle');
    await box.press('Enter');
    await page.getByText('Linked the existing property: 4877 Terrace Dr NE').waitFor();
    await shot(page, 'record-linked-existing-toast');
    expect(await propertiesNamed('4877 Terrace')).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
