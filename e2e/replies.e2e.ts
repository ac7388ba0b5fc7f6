import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { devices, messages, statuses } from '../apps/server/src/db/schema/index.js';
import { insertContact, type TestUser } from '../apps/server/src/test/factories.js';
import { launchBrowser, shot, signedIn, startServer, insertOnboardedAdmin } from './support/harness.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'dana@sierra.test', 'Dana Brooks', { name: 'Sierra Realty' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('reply labels', () => {
  it('labels the replies from the simulated phone, acts on them with an Undo, and a member changes a label with one click', async () => {
    // A team with a Hot status: an interested reply moves the record there by default.
    await server.database.db.insert(statuses).values({ teamId: admin.teamId, text: 'Hot', position: 5 });
    const ann = await insertContact(server.database.db, admin.teamId, {
      first: 'Ann',
      last: 'Lee',
      phones: ['916-456-7001'],
      status: 'Not contacted',
    });
    const bo = await insertContact(server.database.db, admin.teamId, {
      first: 'Bo',
      last: 'Park',
      phones: ['916-456-7006'],
      status: 'Not contacted',
    });
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/devices`);
    await page.getByRole('button', { name: 'Add a simulated phone' }).click();
    await page.getByText('Connected', { exact: true }).first().waitFor({ timeout: 10_000 });

    await page.goto(`${server.url}/?record=${ann.id}`);
    const record = page.getByRole('dialog', { name: /Ann Lee/ });
    await record.getByRole('tab', { name: 'SMS' }).click();
    await record.getByLabel('To', { exact: true }).selectOption('+19164567001');
    const box = record.getByRole('textbox', { name: 'SMS' });
    await box.fill('Hi Ann, would you consider a cash offer for 412 Elm St?');
    await box.press('Enter');
    await record.getByText('Is the offer still open?').waitFor({ timeout: 15_000 });
    // The label arrives live, after the text: the model reads it as interest.
    const chip = record.getByRole('button', { name: /^Label: / });
    await expect
      .poll(() => chip.getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('Label: Interested. Change it');
    // The automatic action shows in the thread as a system message, with Undo.
    await record.getByText('Read as Interested: status set to Hot.').waitFor({ timeout: 15_000 });
    await shot(page, 'replies-thread-labelled');
    await record.getByRole('button', { name: 'Undo the automatic actions' }).click();
    await record
      .getByText('Dana Brooks undid the automatic actions of this reply.')
      .waitFor({ timeout: 10_000 });
    await record.getByText('Undone', { exact: true }).waitFor();
    await shot(page, 'replies-action-undone');

    await chip.click();
    await page.getByRole('menuitem', { name: 'Call back' }).waitFor();
    await shot(page, 'replies-label-menu');
    await page.getByRole('menuitem', { name: 'Call back' }).click();
    await expect.poll(() => chip.getAttribute('aria-label')).toBe('Label: Call back. Change it');

    // The correction was stored: a fresh load shows it.
    await page.reload();
    const again = page.getByRole('dialog', { name: /Ann Lee/ }).getByRole('button', { name: /^Label: / });
    await expect
      .poll(() => again.getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('Label: Call back. Change it');
    await shot(page, 'replies-corrected');

    // A reply that asks to stop is an opt-out, by the rule: the simulated phone's contacts whose
    // number ends in 6 or 7 answer STOP.
    await page.goto(`${server.url}/?record=${bo.id}`);
    const boRecord = page.getByRole('dialog', { name: /Bo Park/ });
    await boRecord.getByRole('tab', { name: 'SMS' }).click();
    await boRecord.getByLabel('To', { exact: true }).selectOption('+19164567006');
    const box2 = boRecord.getByRole('textbox', { name: 'SMS' });
    await box2.fill('Hi Bo, would you consider a cash offer for 18 Oak Ave?');
    await box2.press('Enter');
    await boRecord.getByRole('button', { name: 'Label: Opt-out. Change it' }).waitFor({ timeout: 15_000 });
    await shot(page, 'replies-opt-out');

    // The board's card shows the contact's temperature from the latest labelled reply.
    await page.getByRole('button', { name: 'Close record' }).click();
    await page.goto(`${server.url}/`);
    const card = page.locator(`[data-card-id="${bo.id}"]`);
    await card.getByLabel('Temperature: Dead').waitFor({ timeout: 10_000 });
    await shot(page, 'replies-board-temperature');

    // The Messenger filters by label, with a count per label.
    await page.goto(`${server.url}/messenger`);
    await page.getByRole('heading', { name: 'Messenger' }).waitFor();
    await page.getByRole('tab', { name: /^All/ }).click();
    const labels = page.getByRole('group', { name: 'Reply labels' });
    await labels.getByText('Opt-out').click();
    await page.getByRole('row', { name: /Bo Park/ }).waitFor({ timeout: 10_000 });
    await expect(page.getByRole('row', { name: /Ann Lee/ }).count()).resolves.toBe(0);
    await shot(page, 'replies-messenger-filter');
    await labels.getByText(/^Interested/).click();
    await page.getByRole('row', { name: /Bo Park/ }).waitFor({ state: 'detached', timeout: 10_000 });
    await labels.getByText(/^Interested/).click();
    await page.getByRole('row', { name: /Bo Park/ }).waitFor({ timeout: 10_000 });
    // Each row shows its latest reply's label.
    const annRow = page.getByRole('row', { name: /Ann Lee/ });
    await annRow.getByRole('button', { name: 'Label: Call back. Change it' }).waitFor({ timeout: 10_000 });
    await shot(page, 'replies-messenger-chips');

    // A reply the model is unsure of reaches Ann's number: the Needs a look tab counts it, live.
    const [phone] = await server.database.db.select().from(devices).where(eq(devices.teamId, admin.teamId));
    await server.app.services.sms.applyInbound(phone!, [
      { id: 'unsure-1', from: '+19164567001', body: 'zxqv', at: new Date().toISOString() },
    ]);
    const needsLook = page.getByRole('tab', { name: /Needs a look/ });
    await needsLook.getByLabel('1 need a look').waitFor({ timeout: 15_000 });
    await needsLook.click();
    await annRow.getByText('Needs a look', { exact: true }).waitFor({ timeout: 10_000 });
    await expect(page.getByRole('row', { name: /Bo Park/ }).count()).resolves.toBe(0);
    await shot(page, 'replies-messenger-needs-look');
    // One pick from the list corrects it, and the record leaves the tab.
    await annRow.getByRole('button', { name: /^Label: / }).click();
    await page.getByRole('menuitem', { name: 'Not interested', exact: true }).click();
    await annRow.waitFor({ state: 'detached', timeout: 10_000 });
    await needsLook.getByLabel('1 need a look').waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByText('No other contacts found matching your filters.').waitFor();
    await shot(page, 'replies-messenger-needs-look-done');

    // Texts received before labels existed (here written straight into the database): Settings >
    // Reply actions shows how far the background pass, which labels them at the next start, has come.
    await server.database.db.insert(messages).values(
      ['Sold it in 2019', 'Who gave you my number?'].map((body) => ({
        teamId: admin.teamId,
        itemId: ann.id,
        body,
        direction: 'in' as const,
        phone: '+19164567001',
        status: 'received',
        createdAt: new Date(Date.UTC(2025, 0, 1)),
      })),
    );

    // Settings > Reply actions: the interested reply's status, and the model's accuracy for admins.
    await page.goto(`${server.url}/settings/replies`);
    await page.getByRole('heading', { name: 'Reply actions' }).waitFor();
    const backlog = page.getByRole('region', { name: 'Sorting the replies received before' });
    await expect.poll(() => backlog.textContent()).toMatch(/\d+ of \d+ received texts labelled so far\./);
    const interested = page.getByRole('region', { name: 'Interested', exact: true });
    await expect.poll(() => interested.getByLabel('Move the record to').inputValue()).toBe('Hot');
    await page.getByRole('region', { name: "The team's model" }).waitFor();
    await shot(page, 'replies-settings');
    expect(problems).toEqual([]);
    await context.close();
  });
});
