import { and, eq, inArray } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsJobs } from '../apps/server/src/db/schema/index.js';
import { insertContact, insertMember, type TestUser } from '../apps/server/src/test/factories.js';
import { setUpSecondFactor } from '../apps/server/src/test/staff.js';
import { launchBrowser, shot, signedIn, startServer, insertOnboardedAdmin } from './support/harness.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer({ STAFF_EMAILS: ['sam@prospector.test'] });
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'dana@sierra.test', 'Dana Brooks', {
    name: 'Sierra Realty',
    timezone: 'America/New_York',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const api = async (user: TestUser, method: 'POST', url: string, payload: object = {}) => {
  const res = await server.app.inject({ method, url, headers: user.headers, payload });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
  return res.json();
};

describe('team KPIs and the suspension page', () => {
  it('a member with the kpis permission sees the texts sent through the simulated phone in the charts', async () => {
    const { device } = await api(admin, 'POST', '/api/services/addSimulatedPhone');
    const contacts = await Promise.all(
      ['916-456-7001', '916-456-7002', '916-456-7003'].map((phone, i) =>
        insertContact(server.database.db, admin.teamId, { first: `Lead${i}`, last: 'Lee', phones: [phone] }),
      ),
    );
    // The simulated phone connects back over loopback once added.
    await expect
      .poll(
        async () =>
          (await server.app.inject({ method: 'GET', url: '/api/services/devices', headers: admin.headers }))
            .body,
        { timeout: 15_000 },
      )
      .toContain('"connected":true');
    for (const [i, c] of contacts.entries())
      await api(admin, 'POST', '/api/messages/sendSms', {
        body: `Hi Lead${i}, are you still thinking of selling?`,
        dataId: c.id,
        to: `+1916456700${i + 1}`,
        from: device.value,
      });
    await expect
      .poll(
        async () =>
          (
            await server.database.db
              .select()
              .from(smsJobs)
              .where(and(eq(smsJobs.teamId, admin.teamId), inArray(smsJobs.state, ['delivered'])))
          ).length,
        { timeout: 20_000 },
      )
      .toBe(3);

    const kim = await insertMember(server, admin.teamId, 'kim@sierra.test', {
      name: 'Kim Park',
      permissions: ['kpis'],
    });
    const { context, page, problems } = await signedIn(browser, kim);
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'KPIs' }).click();
    await page.getByRole('heading', { name: 'KPIs' }).waitFor();
    const totals = page.getByRole('list', { name: 'Totals' });
    await totals.getByRole('listitem', { name: 'Sent' }).getByText('3', { exact: true }).waitFor();
    await totals.getByRole('listitem', { name: 'Delivered' }).getByText('3', { exact: true }).waitFor();
    await totals.getByRole('listitem', { name: 'Block rate' }).getByText('0.00%').waitFor();
    await page.getByRole('figure', { name: 'Texts per day' }).locator('.recharts-line').first().waitFor();
    await page.getByRole('figure', { name: 'Texts per device' }).getByText(device.value).waitFor();
    await shot(page, 'kpis');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('staff open a team sid, see its numbers and replace one in the same area code', async () => {
    await api(admin, 'POST', '/api/calls/buyNumber', { areaCode: '212' });
    await api(admin, 'POST', '/api/calls/buyNumber', { areaCode: '305' });
    const sam = await insertOnboardedAdmin(server, 'sam@prospector.test', 'Sam Staff', {
      name: 'Prospector',
    });
    await setUpSecondFactor(server, sam);
    const { context, page, problems } = await signedIn(browser, sam);
    await page.goto(`${server.url}/admin/suspension`);
    const accounts = page.getByRole('region', { name: 'Sub-accounts' });
    await accounts.getByRole('textbox', { name: 'Sid, team or owner' }).fill('dana');
    await accounts.getByRole('button', { name: /^Open AC/ }).click();
    const panel = page.getByRole('region', { name: /^Phones of / });
    // Numbers show in the one phone format; the checkbox names the number as the provider has it.
    await panel.getByText('(212) 555-0100').waitFor();
    await panel.getByText('Owner Dana Brooks').waitFor();
    await panel.getByRole('checkbox', { name: 'Select +12125550100' }).check();
    await shot(page, 'suspension');
    await panel.getByRole('button', { name: 'Replace' }).click();
    await page.getByText('The phones were replaced with new numbers in the same area codes.').waitFor();
    await panel.getByText(/^\(212\) 555-010[1-9]$/).waitFor();
    expect(await panel.getByText('(212) 555-0100').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
