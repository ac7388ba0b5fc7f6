import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContact, type TestUser } from '../apps/server/src/test/factories.js';
import { launchBrowser, shot, signedIn, startServer, insertOnboardedAdmin } from './support/harness.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'omar@sierra.test', 'Omar Haddad', { name: 'Sierra Realty' });
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

async function addGroup(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add Group' }).click();
  await page.getByRole('textbox', { name: 'Group name' }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: `${name}, 0 templates` }).waitFor();
}

async function addSubtemplate(page: Page, name: string, options: string[]) {
  await page.getByRole('button', { name: 'Add subtemplate' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add subtemplate' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  for (const [i, option] of options.entries()) {
    if (i > 0) await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByRole('textbox', { name: `Option ${i + 1}` }).fill(option);
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('article', { name }).waitFor();
}

async function addQuickReply(page: Page, title: string, text: string) {
  await page.getByRole('button', { name: 'Add quick reply' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add quick reply' });
  await dialog.getByRole('textbox', { name: /Title/ }).fill(title);
  await dialog.getByRole('textbox', { name: 'Text' }).fill(text);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('article', { name: title }).waitFor();
}

describe('SMS templates', () => {
  it('adds a group and a template with a subtemplate, previews it 5 ways, and drags it onto the group', async () => {
    const { context, page, problems } = await signedIn(browser, admin);

    await page.goto(`${server.url}/templates/subtemplates`);
    await page.getByText("You don't have any subtemplates yet.").waitFor();
    await addSubtemplate(page, 'greeting', ['Hi', 'Hello', 'Hey there']);
    await addSubtemplate(page, 'ask', ['are you thinking of selling', 'would you consider an offer on']);
    await shot(page, 'templates-subtemplates');

    await page.getByRole('tab', { name: 'SMS Templates' }).click();
    await addGroup(page, 'Absentee owners');
    await addGroup(page, 'Cash buyers');
    await page.getByRole('button', { name: 'Unused, 0 templates' }).click();

    await page.getByRole('button', { name: 'Add template' }).click();
    const editor = page.getByRole('dialog', { name: /Add template/ });
    const text = editor.getByRole('textbox', { name: 'Template text' });
    await text.fill('{greeting} **First name**, {ask} **Address**? **Nickname**');
    await editor.getByText('There is no field named "Nickname"').waitFor();
    expect(await editor.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await shot(page, 'templates-editor-problem');

    await text.fill('Hey there **First name|there**, {ask} **Address**?');
    await editor.getByText(/A contact without First name would read “there there”/).waitFor();
    await shot(page, 'templates-editor-fallback-repeat');

    await text.fill('{greeting} **First name**, {ask} **Address**? Reply STOP to opt out.');
    const previews = editor.getByRole('region', { name: 'Live preview' }).getByRole('listitem');
    await expect.poll(() => previews.count()).toBe(5);
    const rendered = await previews.allTextContents();
    for (const preview of rendered) expect(preview).toMatch(/John, .* 1458 Maple Avenue\? Reply STOP/);
    expect(new Set(rendered).size).toBeGreaterThan(1);
    await editor.getByText(/^\d+ characters$/).waitFor();
    await shot(page, 'templates-editor');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });

    const card = page.getByRole('article', { name: 'Template' });
    await card.waitFor();
    await page.getByRole('button', { name: 'Unused, 1 template' }).waitFor();
    await drag(page, card, page.getByRole('button', { name: 'Absentee owners, 0 templates' }));
    await page.getByRole('button', { name: 'Absentee owners, 1 template' }).waitFor();
    await page.getByRole('button', { name: 'Unused, 0 templates' }).waitFor();

    await page.getByRole('button', { name: 'Absentee owners, 1 template' }).click();
    await page
      .getByRole('region', { name: 'Absentee owners templates' })
      .getByText(/Reply STOP/)
      .waitFor();
    await shot(page, 'templates-sms');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps quick replies and puts one into a contact’s SMS box', async () => {
    const contact = await insertContact(server.database.db, admin.teamId, {
      first: 'Ann',
      last: 'Lee',
      phones: ['916-456-7001'],
      status: 'Not contacted',
    });
    const { context, page, problems } = await signedIn(browser, admin);

    await page.goto(`${server.url}/templates/quick-replies`);
    await page.getByText("You don't have any quick replies yet.").waitFor();
    await addQuickReply(
      page,
      'Not interested',
      'Thanks for letting me know! I will take your number off my list right away. Have a great day.',
    );
    await addQuickReply(page, 'Call me', 'Happy to talk. When is a good time to call you tomorrow?');
    await shot(page, 'templates-quick-replies');

    await page.goto(`${server.url}/?record=${contact.id}`);
    const record = page.getByRole('dialog', { name: /Ann Lee/ });
    await record.getByRole('tab', { name: 'SMS' }).click();
    await record.getByLabel('To', { exact: true }).selectOption('+19164567001');
    await record.getByRole('button', { name: 'Quick replies' }).click();
    const picker = page.getByRole('dialog', { name: 'Quick replies' });
    await picker.getByRole('button', { name: /Call me/ }).waitFor();
    await shot(page, 'templates-quick-reply-picker');
    await picker.getByRole('button', { name: /Call me/ }).click();
    await picker.waitFor({ state: 'detached' });

    expect(await record.getByRole('textbox', { name: 'SMS' }).inputValue()).toBe(
      'Happy to talk. When is a good time to call you tomorrow?',
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});
