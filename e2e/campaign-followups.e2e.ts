import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../apps/server/src/db/schema/index.js';
import { insertContact, type TestUser } from '../apps/server/src/test/factories.js';
import { launchBrowser, shot, signedIn, startServer, insertOnboardedAdmin } from './support/harness.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer({ CAMPAIGN_ENGINE: false }, { phoneZones: async () => ['America/New_York'] });
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'dana@sierra.test', 'Dana Brooks', {
    name: 'Sierra Realty',
    timezone: 'America/New_York',
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const api = async (method: 'POST' | 'PUT', url: string, payload: object) => {
  const res = await server.app.inject({ method, url, headers: admin.headers, payload });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
  return res.json();
};

async function group(name: string, text: string) {
  const g = await api('PUT', '/api/templates/addGroup', { name });
  await api('PUT', '/api/templates/addTemplate', { text, groupId: g._id });
}

describe('follow-ups in the campaign builder', () => {
  it('adds two follow-ups with their own template groups, and the campaign keeps them', async () => {
    await api('POST', '/api/services/addSimulatedPhone', {});
    await group('Openers', 'Hi **First name**, still own the house?');
    await group('Nudges', '**First name**, any interest in an offer?');
    await group('Last call', 'Last note from me, **First name**.');
    for (let i = 0; i < 3; i++)
      await insertContact(server.database.db, admin.teamId, {
        first: `Owner${i}`,
        status: 'Not contacted',
        phones: [`212-456-${7100 + i}`],
      });

    const { page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/campaign-builder`);
    await page.getByRole('heading', { name: 'Campaign Builder' }).waitFor();
    await page.getByRole('checkbox', { name: /Not contacted/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByLabel('Campaign name').fill('Spring with follow-ups');
    await page.getByPlaceholder('Choose template groups').first().click();
    await page.getByRole('option', { name: /Openers/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('checkbox', { name: '(916) 555-0100' }).check();

    const followUps = page.getByRole('group', { name: 'Follow-ups' });
    await followUps.getByRole('button', { name: 'Add follow-up' }).click();
    // A follow-up without template groups is refused, in words.
    await page.getByRole('button', { name: 'Launch campaign' }).click();
    await page.getByText('Each follow-up needs at least one template group.').waitFor();
    await followUps.getByPlaceholder('Choose template groups').click();
    await page.getByRole('option', { name: /Nudges/ }).click();
    await page.keyboard.press('Escape');
    await followUps.getByRole('button', { name: 'Add follow-up' }).click();
    await followUps.getByPlaceholder('Choose template groups').click();
    await page.getByRole('option', { name: /Last call/ }).click();
    await page.keyboard.press('Escape');
    await followUps.getByLabel('If no reply after').nth(1).fill('4');
    await shot(page, 'campaign-followups-builder');
    await page.getByRole('button', { name: 'Launch campaign' }).click();
    await page.waitForURL(`${server.url}/campaigns`);

    const [row] = await server.database.db
      .select({ followUps: campaigns.followUps })
      .from(campaigns)
      .where(eq(campaigns.teamId, admin.teamId));
    expect(row!.followUps.map((f) => f.afterDays)).toEqual([2, 4]);
    expect(row!.followUps.every((f) => f.groupIds.length === 1)).toBe(true);

    const card = page.getByRole('article', { name: 'Spring with follow-ups' });
    await card.getByText('Follow-up 2: 0 sent · 0 replied (–)').waitFor();
    await shot(page, 'campaign-followups-card');
    await card.getByRole('button', { name: 'Details of Spring with follow-ups' }).click();
    const details = page.getByRole('dialog');
    const steps = details.getByRole('table', { name: 'Figures by step' });
    await steps.getByText('Follow-up 2 (after 4 days)').waitFor();
    await shot(page, 'campaign-followups-details');
    expect(problems).toEqual([]);
  }, 300_000);

  it('a call campaign adds follow-up calls on its only step, and its card and details show them by step', async () => {
    const { page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/campaign-builder`);
    await page.getByRole('heading', { name: 'Campaign Builder' }).waitFor();
    await page.getByRole('radio', { name: 'Call' }).check();
    await page.getByRole('checkbox', { name: /Not contacted/ }).check();

    const followUps = page.getByRole('group', { name: 'Follow-ups' });
    await followUps.getByText('Follow-up calls', { exact: true }).waitFor();
    await followUps.getByRole('button', { name: 'Add follow-up call' }).click();
    await followUps.getByRole('button', { name: 'Add follow-up call' }).click();
    await followUps.getByLabel('If no answer after').nth(1).fill('5');
    // No template groups for a call: it calls again.
    expect(await followUps.getByText('call again, on the same number').count()).toBe(2);
    await shot(page, 'campaign-followups-call-builder');
    await page.getByRole('button', { name: 'Launch campaign' }).click();
    await page.waitForURL(`${server.url}/dialler`);

    const rows = await server.database.db
      .select({ type: campaigns.campaignType, followUps: campaigns.followUps, name: campaigns.name })
      .from(campaigns)
      .where(eq(campaigns.campaignType, 'Call'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.followUps).toEqual([
      { afterDays: 2, groupIds: [] },
      { afterDays: 5, groupIds: [] },
    ]);

    await page.goto(`${server.url}/campaigns`);
    const card = page.getByRole('article', { name: rows[0]!.name });
    await card.getByText('First call: 0 called · 0 answered (–)').waitFor();
    await card.getByText('Follow-up call 2: 0 called · 0 answered (–)').waitFor();
    await shot(page, 'campaign-followups-call-card');
    await card.getByRole('button', { name: `Details of ${rows[0]!.name}` }).click();
    const details = page.getByRole('dialog');
    const steps = details.getByRole('table', { name: 'Figures by step' });
    await steps.getByText('Follow-up call 2 (after 5 days)').waitFor();
    await steps.getByRole('columnheader', { name: 'Answered or replied' }).waitFor();
    await details
      .getByText(/3 recipients are in the callers' queues and will be called/)
      .first()
      .waitFor();
    await shot(page, 'campaign-followups-call-details');
    expect(problems).toEqual([]);
  }, 300_000);
});
