import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../apps/server/src/config.js';
import { identifiers } from '../apps/server/src/db/schema/index.js';
import { insertTeamAdmin, type TestUser } from '../apps/server/src/test/factories.js';
import { launchBrowser, shot, signedIn, startServer } from './support/harness.js';

/**
 * The first hour of a real customer, replayed: onboarding with a phone added from its device step,
 * an import of a sheet from five countries with a Country column, a campaign whose template uses a
 * field two contacts lack, and the campaign's details accounting for every recipient not texted.
 */

const LEADS = path.join(REPO_ROOT, 'e2e/fixtures/first-hour-leads.csv');

/** A real zone where it is now between 11:00 and 14:59, so the campaign's 10:00-18:00 window is open. */
const CANDIDATE_ZONES = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Sao_Paulo',
  'Atlantic/Azores',
  'Europe/Lisbon',
  'Europe/Berlin',
  'Europe/Athens',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Brisbane',
  'Pacific/Noumea',
  'Pacific/Auckland',
  'Pacific/Tongatapu',
  'Pacific/Kiritimati',
];
const hourIn = (zone: string) =>
  Number(
    new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: zone }).format(
      new Date(),
    ),
  );
const TEAM_ZONE = CANDIDATE_ZONES.find((z) => hourIn(z) >= 11 && hourIn(z) <= 14)!;
/** A fixed-offset zone where it is about 1:00 at night: the British recipients' quiet hours. */
const nightZone = () => {
  const o = 1 - new Date().getUTCHours();
  const offset = o < -12 ? o + 24 : o;
  return offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
};
const NIGHT = nightZone();

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer(
    { CAMPAIGN_ENGINE: true, CAMPAIGN_TICK_MS: 300, CAMPAIGN_GAP_MIN_MS: 800, CAMPAIGN_GAP_MAX_MS: 1200 },
    // Where each number rings: British numbers are asleep, the rest are in the team's zone.
    { phoneZones: async (phone) => [phone.startsWith('+44') ? NIGHT : TEAM_ZONE] },
  );
  browser = await launchBrowser();
  admin = await insertTeamAdmin(server, 'maya@firsthour.test', '');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the first hour of a new customer', () => {
  it('onboards with a phone, imports a five-country sheet, and launches a campaign whose waits are all explained', async () => {
    expect(TEAM_ZONE).toBeDefined();
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(server.url);
    const next = page.getByRole('button', { name: 'NEXT' });
    const heading = (name: string) => page.getByRole('heading', { name }).waitFor();

    // Onboarding, with the phone added from its device step.
    await heading('Welcome to Prospector');
    await next.click();
    await heading('Your company');
    await page.getByRole('textbox', { name: 'Company name' }).fill('Harbor & Field Realty');
    await page.getByRole('textbox', { name: 'Your name' }).fill('Maya Lindqvist');
    await next.click();
    await heading('Your time zone');
    await page.getByRole('combobox', { name: 'Time zone' }).fill(TEAM_ZONE.split('/')[1]!.replace('_', ' '));
    await page.getByRole('option', { name: new RegExp(TEAM_ZONE) }).click();
    await next.click();
    await heading('Connect a device');
    await page.getByRole('button', { name: 'Add a simulated phone' }).click();
    await page.getByText('Connected', { exact: true }).first().waitFor({ timeout: 15_000 });
    await shot(page, 'first-hour-device');
    await next.click();
    await heading('Subtemplates');
    await next.click();
    await heading('Templates');
    await page.getByRole('textbox', { name: 'Group name' }).fill('Openers');
    await page
      .getByRole('textbox', { name: 'Template' })
      .fill('Hi **First name**, this is Maya from Harbor & Field. Are you still the owner?');
    await page.getByRole('button', { name: 'Add group with template' }).click();
    await page.getByText('1 template', { exact: true }).waitFor();
    await next.click();
    await heading('Statuses');
    await page.getByRole('textbox', { name: 'New status' }).fill('Interested');
    await page.getByRole('button', { name: 'Add status' }).click();
    await page.getByLabel('Your statuses').getByText('Interested').waitFor();
    await next.click();
    await heading('All set!');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();

    // The sheet: each row's phone is read in its own country, the import's +1 only the default.
    await page.goto(`${server.url}/import`);
    await page.getByLabel('Spreadsheet file').setInputFiles(LEADS);
    await expect
      .poll(() => page.getByRole('button', { name: 'Contact: Country' }).textContent())
      .toContain('Country');
    await page.getByLabel('List name').fill('Five-country owners');
    await shot(page, 'first-hour-import');
    await page.getByRole('button', { name: 'Start importing' }).click();
    await page.waitForURL(/\/lists$/);
    const card = page.getByRole('article', { name: 'Five-country owners' });
    await card.getByRole('button', { name: 'Create campaign' }).waitFor({ timeout: 60_000 });
    await expect
      .poll(() => card.getByRole('group', { name: 'Import result' }).textContent())
      .toMatch(/1 invalid phone/);
    const stored = await server.database.db
      .select({ value: identifiers.value })
      .from(identifiers)
      .where(and(eq(identifiers.teamId, admin.teamId), eq(identifiers.isEmail, false)));
    const numbers = stored.map((s) => s.value);
    // London's and Rio's numbers stay British and Brazilian, never re-homed to +1.
    expect(numbers).toEqual(expect.arrayContaining(['+442087415189', '+552126215440', '+13127445000']));
    expect(numbers).not.toContain('+12087415189');
    expect(numbers).not.toContain('+12126215440');
    expect(numbers).toHaveLength(12);
    await shot(page, 'first-hour-list');

    // The campaign: the builder warns about the two contacts without a first name before launch.
    await card.getByRole('button', { name: 'Create campaign' }).click();
    await heading('Campaign Builder');
    await page.getByRole('checkbox', { name: /Not contacted/ }).check();
    await page.getByText('12 contacts selected').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) {
      const box = page.getByRole('checkbox', { name: day, exact: true });
      if (!(await box.isChecked())) await page.locator('label', { hasText: new RegExp(`^${day}$`) }).click();
    }
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Campaign name').fill('First touch');
    await page.getByPlaceholder('Choose template groups').click();
    await page.getByRole('option', { name: /Openers/ }).click();
    await page.keyboard.press('Escape');
    const warning = page.getByRole('status').filter({ hasText: 'Some recipients would be skipped' });
    await warning.getByText('2 of 12 recipients have no First name.').waitFor();
    await page
      .getByRole('checkbox', { name: /\(\d{3}\) \d{3}-\d{4}/ })
      .first()
      .check();
    await shot(page, 'first-hour-builder-warning');
    await page.getByRole('button', { name: 'Launch campaign' }).click();
    await page.waitForURL(`${server.url}/campaigns`);

    // The details: once the engine has texted everyone it can, every recipient left is explained.
    const campaign = page.getByRole('article', { name: 'First touch' });
    const sentOf = async () =>
      Number(
        /Sent to (\d+)/.exec(
          (await campaign.getByLabel(/^Sent to /).getAttribute('aria-label')) ?? '',
        )?.[1] ?? 0,
      );
    // 12 recipients: 3 British ones asleep, 2 without a first name, 7 texted.
    await expect.poll(sentOf, { timeout: 60_000 }).toBe(7);
    await campaign.getByRole('button', { name: 'Details of First touch' }).click();
    const waiting = page.getByRole('dialog').getByRole('region', { name: 'Waiting recipients' });
    await waiting.getByText(/^Next text: /).waitFor();
    const sentences = await waiting.getByRole('listitem').allTextContents();
    expect(sentences).toHaveLength(2);
    expect(sentences[0]).toMatch(
      /^3 recipients are in quiet hours in their own time zone \(9 PM to 8 AM\), until /,
    );
    expect(sentences[1]).toMatch(/^2 recipients were skipped for having no First name\./);
    await shot(page, 'first-hour-details');

    const { campaigns } = (
      await server.app.inject({ method: 'GET', url: '/api/campaigns/getAll', headers: admin.headers })
    ).json() as { campaigns: { _id: string }[] };
    const stats = (
      await server.app.inject({
        method: 'GET',
        url: `/api/campaigns/stats/${campaigns[0]!._id}`,
        headers: admin.headers,
      })
    ).json() as { pending: number; skipped: number; sent: number; queued: number };
    expect(stats).toMatchObject({ pending: 3, skipped: 2 });
    // The seventh text may still be on its way to the phone: queued or sent, never lost.
    expect(stats.sent + stats.queued).toBe(7);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
