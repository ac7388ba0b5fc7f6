import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember, type TestUser } from '../apps/server/src/test/factories.js';
import { insertOnboardedAdmin, launchBrowser, shot, signedIn, startServer } from './support/harness.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let dana: TestUser;
let max: TestUser;
let staff: TestUser;

/** A property sketch to send: a real PNG, drawn from SVG. */
const SKETCH = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640">
  <rect width="960" height="640" fill="#e8f1fb"/>
  <rect x="0" y="470" width="960" height="170" fill="#8cc084"/>
  <polygon points="230,250 480,90 730,250" fill="#b5523b"/>
  <rect x="270" y="250" width="420" height="240" fill="#f4e3c1" stroke="#6b4f2a" stroke-width="6"/>
  <rect x="440" y="360" width="80" height="130" fill="#6b4f2a"/>
  <rect x="310" y="300" width="90" height="70" fill="#9cc9ef" stroke="#fff" stroke-width="6"/>
  <rect x="560" y="300" width="90" height="70" fill="#9cc9ef" stroke="#fff" stroke-width="6"/>
  <text x="480" y="600" font-family="sans-serif" font-size="40" text-anchor="middle" fill="#1f3b1a">12 Pike St</text>
</svg>`;

beforeAll(async () => {
  server = await startServer({ STAFF_EMAILS: ['help@prospector.test'] });
  browser = await launchBrowser();
  dana = await insertOnboardedAdmin(server, 'dana@sierra.test', 'Dana Brooks', {
    name: 'Sierra Realty',
    timezone: 'America/Los_Angeles',
  });
  max = await insertMember(server, dana.teamId, 'max@sierra.test', { name: 'Max Reyes' });
  await insertMember(server, dana.teamId, 'lena@sierra.test', { name: 'Lena Park' });
  staff = await insertOnboardedAdmin(server, 'help@prospector.test', 'Sam Support', { name: 'Prospector' });
  await server.app.services.ledger.grant({
    teamId: dana.teamId,
    amount: 425_000,
    reason: 'adminGrant',
    description: 'Welcome credits',
    actorId: dana.userId,
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const chatIcon = (page: Page, unread?: number) =>
  page.getByRole('button', { name: unread ? `Chats, ${unread} unread` : 'Chats', exact: true });

describe('team chats and live support', () => {
  it('two members chat live: unread counters on both sides, an image sent and enlarged; staff answer support', async () => {
    const a = await signedIn(browser, dana);
    const b = await signedIn(browser, max);
    await a.page.goto(`${server.url}/`);
    await b.page.goto(`${server.url}/`);
    await chatIcon(a.page).waitFor();
    await chatIcon(b.page).waitFor();

    // Dana writes to Max.
    await chatIcon(a.page).click();
    const list = a.page.getByRole('dialog', { name: 'Chats' });
    await list.getByRole('button', { name: 'Max Reyes' }).click();
    const danaChat = a.page.getByRole('dialog', { name: 'Max Reyes' });
    await danaChat
      .getByRole('textbox', { name: 'Message' })
      .fill('Morning Max! The Pike St owner called back, can you take it?');
    await danaChat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await danaChat.getByLabel('Messages').getByText('Morning Max! The Pike St owner called back').waitFor();
    await a.page.keyboard.press('Escape');
    await a.page.keyboard.press('Escape');

    // Max's counter rises live; opening the chat clears it.
    await chatIcon(b.page, 1).waitFor({ timeout: 15_000 });
    await chatIcon(b.page, 1).click();
    await b.page
      .getByRole('dialog', { name: 'Chats' })
      .getByRole('button', { name: 'Dana Brooks, 1 unread' })
      .click();
    const maxChat = b.page.getByRole('dialog', { name: 'Dana Brooks' });
    await maxChat.getByLabel('Messages').getByText('Morning Max! The Pike St owner called back').waitFor();
    await chatIcon(b.page).waitFor();

    // Max answers with a photo; Dana's counter rises, and the photo opens enlarged.
    const png = await sharp(Buffer.from(SKETCH)).png().toBuffer();
    await maxChat
      .locator('input[type=file]')
      .setInputFiles({ name: 'pike-st.png', mimeType: 'image/png', buffer: png });
    await maxChat.getByText('pike-st.png').waitFor();
    await maxChat
      .getByRole('textbox', { name: 'Message' })
      .fill('Sure, here is the front of the house from this morning.');
    await maxChat.getByRole('button', { name: 'Send' }).click();
    await maxChat.getByRole('button', { name: 'Enlarge image' }).waitFor();

    await chatIcon(a.page, 1).waitFor({ timeout: 15_000 });
    await chatIcon(a.page, 1).click();
    await a.page
      .getByRole('dialog', { name: 'Chats' })
      .getByRole('button', { name: 'Max Reyes, 1 unread' })
      .waitFor();
    await shot(a.page, 'list');
    await a.page
      .getByRole('dialog', { name: 'Chats' })
      .getByRole('button', { name: 'Max Reyes, 1 unread' })
      .click();
    const withImage = a.page.getByRole('dialog', { name: 'Max Reyes' });
    await withImage.getByRole('img', { name: 'Chat image' }).waitFor();
    await expect
      .poll(() =>
        withImage.getByRole('img', { name: 'Chat image' }).evaluate((i: HTMLImageElement) => i.naturalWidth),
      )
      .toBe(320);
    await chatIcon(a.page).waitFor();
    await shot(a.page, 'chat-with-image');
    await withImage.getByRole('button', { name: 'Enlarge image' }).click();
    const big = a.page.getByRole('img', { name: 'Enlarged chat image' });
    await big.waitFor();
    await expect.poll(() => big.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(960);
    // The modal fades in: the picture is taken once it is fully shown.
    await expect
      .poll(() => big.evaluate((i) => getComputedStyle(i.closest('.mantine-Modal-content')!).opacity))
      .toBe('1');
    await shot(a.page, 'enlarged-image');

    // Max asks support; our staff see it in their inbox with the team's plan and credits, and answer.
    await b.page.keyboard.press('Escape');
    await chatIcon(b.page).click();
    await b.page.getByRole('dialog', { name: 'Chats' }).getByRole('button', { name: 'Live support' }).click();
    const maxSupport = b.page.getByRole('dialog', { name: 'Live support' });
    await maxSupport.getByRole('textbox', { name: 'Message' }).fill('Hi! How do I connect a second phone?');
    await maxSupport.getByRole('textbox', { name: 'Message' }).press('Enter');
    await maxSupport.getByLabel('Messages').getByText('Hi! How do I connect a second phone?').waitFor();

    const s = await signedIn(browser, staff);
    await s.page.goto(`${server.url}/`);
    // Staff's icon counts the teams' unread support messages (issue 30 item 21).
    await chatIcon(s.page, 1).click();
    await s.page.getByRole('dialog', { name: 'Chats' }).getByText('Support inbox').click();
    const inbox = s.page.getByRole('dialog', { name: 'Chats' });
    await inbox.getByRole('button', { name: 'Sierra Realty, 1 unread' }).waitFor();
    await inbox.getByText('$42.50 credits').waitFor();
    await shot(s.page, 'support-inbox');
    await inbox.getByRole('button', { name: 'Sierra Realty, 1 unread' }).click();
    const answer = s.page.getByRole('dialog', { name: 'Sierra Realty' });
    await answer
      .getByRole('textbox', { name: 'Message' })
      .fill('Settings > Devices > Add device. I can walk you through it now.');
    await answer.getByRole('textbox', { name: 'Message' }).press('Enter');
    await maxSupport
      .getByText('Settings > Devices > Add device.', { exact: false })
      .waitFor({ timeout: 15_000 });
    await maxSupport.getByText('Support', { exact: true }).first().waitFor();
    await shot(b.page, 'support-answered');

    // Another team sees none of it.
    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
    expect(s.problems).toEqual([]);
  }, 90_000);
});
