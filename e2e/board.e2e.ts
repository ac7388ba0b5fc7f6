import { messages, serverMessages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statuses } from '../apps/server/src/db/schema/index.js';
import { insertContact, insertMember, type TestUser } from '../apps/server/src/test/factories.js';
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

const column = (page: Page, status: string) =>
  page
    .getByRole('region', { name: status })
    .or(page.getByLabel(status, { exact: true }))
    .first();

async function drag(page: Page, card: Locator, target: Locator) {
  const from = (await card.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 15 });
  await page.mouse.up();
}

describe('the board', () => {
  it('keeps a card in the column it was dragged to, after a reload', async () => {
    await insertContact(server.database.db, admin.teamId, {
      first: 'Ann',
      last: 'Lee',
      phones: ['916-456-7001'],
      status: 'Not contacted',
    });
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(server.url);
    const card = column(page, 'Not contacted').getByLabel('Ann Lee');
    await card.waitFor();
    await shot(page, 'board');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/items/changeStatus'));
    await drag(page, card, column(page, 'DNC'));
    expect((await saved).status()).toBe(200);
    await page.reload();
    await column(page, 'DNC').getByLabel('Ann Lee').waitFor();
    expect(await column(page, 'Not contacted').getByLabel('Ann Lee').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('puts a card back and shows the server message when the server refuses the move', async () => {
    await insertContact(server.database.db, admin.teamId, {
      first: 'Ben',
      last: 'Ortiz',
      phones: ['916-456-7002'],
      status: 'Not contacted',
    });
    const added = await server.app.inject({
      method: 'PUT',
      url: '/api/settings/addStatus',
      headers: admin.headers,
      payload: { text: 'Cold' },
    });
    const { context, page } = await signedIn(browser, admin);
    await page.goto(server.url);
    const card = column(page, 'Not contacted').getByLabel('Ben Ortiz');
    await card.waitFor();
    // Another admin removes the 'Cold' status while this board is open.
    await server.database.db.delete(statuses).where(eq(statuses.id, added.json()._id));
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/items/changeStatus'));
    await drag(page, card, column(page, 'Cold'));
    expect((await refused).status()).toBe(400);
    await page.getByText(serverMessages.records.unknownStatus).waitFor();
    await column(page, 'Not contacted').getByLabel('Ben Ortiz').waitFor();
    expect(await column(page, 'Cold').getByLabel('Ben Ortiz').count()).toBe(0);
    await context.close();
  });

  it('refuses, without asking the server, to give a status to a lead without a primary phone or e-mail', async () => {
    await insertContact(server.database.db, admin.teamId, {
      first: 'Eve',
      last: 'Park',
      phones: ['916-456-7004'],
      primary: -1,
      status: 'Not contacted',
    });
    const { context, page } = await signedIn(browser, admin);
    await page.goto(server.url);
    const card = column(page, 'Not contacted').getByLabel('Eve Park');
    await card.waitFor();
    let calls = 0;
    page.on('request', (r) => void (r.url().endsWith('/api/items/changeStatus') && calls++));
    await drag(page, card, column(page, 'DNC'));
    await page.getByText(messages.records.statusNeedsPrimary).waitFor();
    await column(page, 'Not contacted').getByLabel('Eve Park').waitFor();
    expect(calls).toBe(0);
    await context.close();
  });
});

describe('the record', () => {
  it('adds a task and mentions a member, who sees the notification arrive live in their own browser', async () => {
    const mo = await insertMember(server, admin.teamId, 'mo@sierra.test', {
      name: 'Mo Reyes',
      dataAccess: 'All data',
    });
    await insertContact(server.database.db, admin.teamId, {
      first: 'Cara',
      last: 'Diaz',
      phones: ['916-456-7003'],
      status: 'Not contacted',
    });

    const member = await signedIn(browser, mo);
    await member.page.goto(server.url);
    const bell = member.page.getByRole('button', { name: /notifications/i });
    await bell.waitFor();

    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(server.url);
    await column(page, 'Not contacted').getByLabel('Cara Diaz').click();
    await page.getByLabel('New task').fill('Call the owner after 5pm');
    await page.getByRole('button', { name: 'Add task' }).click();
    await page.getByLabel('Task text').first().waitFor();
    expect(await page.getByLabel('Task text').first().inputValue()).toBe('Call the owner after 5pm');

    const comment = page.getByLabel('Comment', { exact: true });
    await comment.click();
    await comment.pressSequentially('Please call @Mo');
    const option = page.getByRole('option', { name: /Mo Reyes/ });
    await option.click();
    await option.waitFor({ state: 'detached' });
    // The picked name is written into the box a moment later (longer under load): like a person, go
    // on typing once it is there and the box has focus again.
    await expect.poll(() => comment.inputValue(), { timeout: 10_000 }).toMatch(/@Mo Reyes\s*$/);
    // The caret is put after the name on the next frame: let it land before typing on.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await comment.focus();
    await comment.press('End');
    await comment.pressSequentially(' today');
    expect(await comment.inputValue()).toMatch(/@Mo Reyes\s*today\s*$/);
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/messages/add'));
    await comment.press('Enter');
    const sent = await posted;
    expect(sent.status()).toBe(200);
    expect(sent.request().postDataJSON()).toMatchObject({
      mentions: [mo.userId],
      body: expect.stringContaining('today'),
    });
    await page.getByRole('log', { name: 'Thread' }).getByText(/today/).waitFor();
    await shot(page, 'record');

    await member.page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 10_000 });
    await shot(member.page, 'member-notified');
    expect(problems).toEqual([]);
    await member.context.close();
    await context.close();
  });
});
