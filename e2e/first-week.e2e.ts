import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRecipientAwake } from '@prospector/core';
import { devices } from '../apps/server/src/db/schema/index.js';
import { createSimulatedVoice } from '../apps/server/src/providers/voice/index.js';
import { insertContact, insertMember, type TestUser } from '../apps/server/src/test/factories.js';
import { insertCallableContacts } from '../apps/server/src/modules/calls/calls.test-support.js';
import { insertOnboardedAdmin, launchBrowser, shot, signedIn, startServer } from './support/harness.js';

/*
 * A team's first week (issue 30), as its members meet it: the dialler is found in the navigation, a
 * queue whose first contacts are asleep still dials the next one awake and says why it passes over the
 * others, export and DNC import are found from Lists, and a STOP reply puts the contact in the board's
 * DNC column. Zones are chosen from the real time: one where it is night now, one where it is day.
 */

const CANDIDATE_ZONES = [
  'Pacific/Honolulu',
  'Asia/Tokyo',
  'Europe/London',
  'America/New_York',
  'Australia/Sydney',
];
const now = new Date();
const asleep = CANDIDATE_ZONES.find((z) => !isRecipientAwake([z], now, z))!;
const awake = CANDIDATE_ZONES.find((z) => isRecipientAwake([z], now, z))!;
const zones = (phone: string) => Promise.resolve(phone.startsWith('+1808') ? [asleep] : [awake]);
const voice = createSimulatedVoice({ playMs: 500 });
voice.setScript(() => ({ result: 'no-answer', ringMs: 60_000 }));

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let dana: TestUser;
let max: TestUser;

beforeAll(async () => {
  server = await startServer({}, { voice, phoneZones: zones });
  browser = await launchBrowser();
  dana = await insertOnboardedAdmin(server, 'dana@first-week.test', 'Dana Brooks', {
    name: 'Sierra Realty',
    timezone: 'America/New_York',
  });
  max = await insertMember(server, dana.teamId, 'max@first-week.test', {
    name: 'Max Reyes',
    permissions: ['calls'],
    dataAccess: 'All data',
  });
  await server.app.services.plans.setPlan(dana.teamId, 'PRO');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("a team's first week", () => {
  it('finds the dialler in the navigation; a queue whose first 15 sleep dials the 16th and says why', async () => {
    const bought = await server.app.inject({
      method: 'POST',
      url: '/api/calls/buyNumber',
      headers: dana.headers,
      payload: { areaCode: '212' },
    });
    expect(bought.statusCode).toBe(200);
    const phones = [
      ...Array.from({ length: 15 }, (_, i) => ({ value: `+1808555${2000 + i}` })),
      ...Array.from({ length: 15 }, (_, i) => ({ value: `+1212555${2000 + i}` })),
      { value: '+12125553999', status: 'DNC' as const },
    ];
    const { ids } = await insertCallableContacts(server.database.db, dana.teamId, phones);
    await server.app.services.calls.enqueue(dana.teamId, max.userId, ids, null);

    const { page } = await signedIn(browser, max);
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Dialler' }).click();
    await page.waitForURL(/\/dialler$/);
    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByRole('button', { name: 'Continue without a voicemail' }).click();
    const why = page.getByRole('alert').filter({ hasText: 'Next call' });
    await why
      .getByText(
        /15 contacts wait for their calling hours \(8 AM to 9 PM in their own time zone\), the first until .+ your time\./,
      )
      .waitFor();
    await why.getByText('1 contact is DNC and will not be called.').waitFor();
    await why.getByText('Next call: any moment now.').waitFor();
    await page.getByRole('button', { name: 'Start Dialling' }).click();
    // The 16th contact (the first awake) rings within seconds.
    await expect.poll(() => voice.placed[0]?.to, { timeout: 15_000 }).toBe('+12125552000');
    await page.getByText('Caller No15').first().waitFor();
    await shot(page, 'first-week-dialler');
  });

  it('finds Export contacts and Import DNC on the Lists page', async () => {
    const { page } = await signedIn(browser, dana);
    await page.goto(`${server.url}/lists`);
    await page.getByRole('link', { name: 'Import DNC' }).waitFor();
    await shot(page, 'first-week-lists');
    await page.getByRole('link', { name: 'Export contacts' }).click();
    await page.waitForURL(/\/export-contacts$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Import DNC' }).click();
    await page.waitForURL(/\/import-dnc$/);
  });

  it('moves a contact who replies STOP to the DNC column of the board', async () => {
    // A team of its own: the board shows Rosa's card among the first, not after the dialler's queue.
    const eve = await insertOnboardedAdmin(server, 'eve@first-week.test', 'Eve Park', { name: 'Park Homes' });
    await insertContact(server.database.db, eve.teamId, {
      first: 'Rosa',
      last: 'Lindqvist',
      status: 'Not contacted',
      phones: ['+19165550177'],
    });
    const added = await server.app.inject({
      method: 'POST',
      url: '/api/services/addNumber',
      headers: eve.headers,
      payload: { phoneType: 'Android', value: '+19165550100' },
    });
    expect(added.statusCode).toBe(200);
    const [device] = await server.database.db.select().from(devices).where(eq(devices.teamId, eve.teamId));

    const { page } = await signedIn(browser, eve);
    await page.goto(`${server.url}/`);
    const column = (name: string) => page.getByRole('region', { name, exact: true });
    await column('Not contacted').getByText('Rosa Lindqvist').waitFor();
    await server.app.services.sms.applyInbound(device!, [
      { id: 'stop-1', from: '+19165550177', body: 'STOP', at: new Date().toISOString() },
    ]);
    await column('DNC').getByText('Rosa Lindqvist').waitFor({ timeout: 10_000 });
    expect(await column('Not contacted').getByText('Rosa Lindqvist').count()).toBe(0);
    await shot(page, 'first-week-board-dnc');
  });
});
