import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDataDir } from '../apps/server/src/config.js';
import { insertContact, type TestUser } from '../apps/server/src/test/factories.js';
import { importCsv } from '../apps/server/src/test/import-csv.js';
import { insertOnboardedAdmin, launchBrowser, shot, signedIn, startServer } from './support/harness.js';

/*
 * Issue 30, as a new team meets its lists in the first week: a list of contacts and companies, a list
 * of addresses without contacts, an import's figures, and a record with nothing configured.
 */

const HOSPITALS = path.join(sharedDataDir(), 'cms-hospital-general-info/hosp.general.info.csv');
/** A Redfin search export's header with three rows: addresses only, no owners. */
const REDFIN = [
  'SALE TYPE,SOLD DATE,PROPERTY TYPE,ADDRESS,CITY,STATE OR PROVINCE,ZIP OR POSTAL CODE,PRICE,BEDS,BATHS,LOCATION,SQUARE FEET,LOT SIZE,YEAR BUILT,DAYS ON MARKET,$/SQUARE FEET,HOA/MONTH,STATUS,NEXT OPEN HOUSE START TIME,NEXT OPEN HOUSE END TIME,URL (SEE https://www.redfin.com/buy-a-home/comparative-market-analysis FOR INFO ON PRICING),SOURCE,MLS#,FAVORITE,INTERESTED,LATITUDE,LONGITUDE',
  'MLS Listing,,Single Family Residential,1808 Fox Chase Dr,Goodlettsville,TN,37072,450000,3,2,Goodlettsville,1850,8712,1994,12,243,,Active,,,https://www.redfin.com/TN/Goodlettsville/1808-Fox-Chase-Dr-37072/home/1,MLS,2561234,N,Y,36.3121,-86.7012',
  'MLS Listing,,Townhouse,412 Elm St,Nashville,TN,37206,389000,2,2,East Nashville,1240,,2008,30,314,150,Active,,,https://www.redfin.com/TN/Nashville/412-Elm-St-37206/home/2,MLS,2561235,N,Y,36.1769,-86.7441',
  'MLS Listing,,Condo/Co-op,88 Lea Ave,Nashville,TN,37210,299000,1,1,SoBro,780,,2015,5,383,320,Active,,,https://www.redfin.com/TN/Nashville/88-Lea-Ave-37210/home/3,MLS,2561236,N,Y,36.1512,-86.7761',
].join('\n');
const REDFIN_FIELDS = [
  { name: 'ADDRESS', type: 'property' as const, matchesTo: 'Street1' },
  { name: 'CITY', type: 'property' as const, matchesTo: 'City' },
  { name: 'STATE OR PROVINCE', type: 'property' as const, matchesTo: 'State' },
  { name: 'ZIP OR POSTAL CODE', type: 'property' as const, matchesTo: 'Zip' },
];

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'noor@harbor.test', 'Noor Haddad', { name: 'Harbor Homes' });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a new team’s lists', () => {
  it('shows a list of contacts and companies, says what an export and a skip trace of it can do, and tells rows from records', async () => {
    const hospitals = readFileSync(HOSPITALS, 'utf8').split('\n').slice(0, 41).join('\n') + '\n';
    const people = await importCsv(
      server,
      admin,
      hospitals,
      [
        { name: 'Telephone Number', type: 'contact', matchesTo: 'Phone' },
        { name: 'Facility Name', type: 'company', matchesTo: 'Name' },
      ],
      'Alabama hospitals',
    );
    const { context, page, problems } = await signedIn(browser, admin);

    await page.goto(`${server.url}/lists/${people._id}`);
    const contacts = page.getByRole('region', { name: 'Contacts' });
    await contacts
      .getByRole('link', { name: 'Southeast Health Medical Center' })
      .waitFor({ timeout: 15_000 });
    expect(await page.getByText('No properties in this list.').count()).toBe(0);
    await page.getByText('Skip tracing looks up the owners of properties').waitFor();
    await shot(page, 'list-contacts-and-companies');
    await page.getByText(/^Companies · /).click();
    await page
      .getByRole('region', { name: 'Companies' })
      .getByRole('link', { name: 'Marshall Medical Centers' })
      .waitFor();
    await shot(page, 'list-companies');

    const addresses = await importCsv(server, admin, REDFIN + '\n', REDFIN_FIELDS, 'Redfin Nashville');
    await page.goto(`${server.url}/lists/${addresses._id}`);
    await page
      .getByText('Redfin Nashville has no contacts, so there is nothing to export.')
      .waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Export all' }).isDisabled()).toBe(true);
    await shot(page, 'list-without-contacts-export');

    await page.goto(`${server.url}/lists`);
    const card = page.getByRole('article', { name: 'Alabama hospitals' });
    await card.click();
    await page.getByRole('group', { name: 'Records made' }).first().waitFor({ timeout: 15_000 });
    await shot(page, 'lists-import-result');

    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('makes a field for a Redfin column no field fits, in the mapper', async () => {
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/import`);
    await page.getByLabel('Spreadsheet file').setInputFiles({
      name: 'redfin.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(REDFIN + '\n'),
    });
    await page.getByRole('region', { name: 'Map columns' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'New field for PRICE', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Property field' }).click();
    await page.getByRole('button', { name: 'Property: Price' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'New field for SQUARE FEET', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Property field' }).click();
    await page.getByRole('button', { name: 'Property: Square Feet' }).waitFor({ timeout: 15_000 });
    await page
      .getByRole('button', { name: 'New field for PRICE', exact: true })
      .waitFor({ state: 'detached' });
    await shot(page, 'import-new-field');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('offers neither Push to CRM nor Look up property info where nothing is configured', async () => {
    const ann = await insertContact(server.database.db, admin.teamId, {
      first: 'Ann',
      last: 'Lee',
      phones: ['916-456-7001'],
    });
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/?record=${ann.id}`);
    const record = page.getByRole('dialog', { name: /Ann Lee/ });
    await record.getByText('Assign').first().waitFor({ timeout: 15_000 });
    expect(await record.getByRole('button', { name: 'Push to CRM' }).count()).toBe(0);
    await shot(page, 'record-without-crm');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
