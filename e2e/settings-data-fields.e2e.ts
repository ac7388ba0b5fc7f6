import { and, eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitySections } from '../apps/server/src/db/schema/index.js';
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

const propertySections = async () => {
  const [row] = await server.database.db
    .select({ sections: entitySections.sections })
    .from(entitySections)
    .where(and(eq(entitySections.teamId, admin.teamId), eq(entitySections.entity, 'property')));
  return row?.sections ?? [];
};

const sectionNames = (page: Page) =>
  page
    .getByRole('region', { name: /^Section / })
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));

/** Drags with the mouse in small steps, as a person does (dnd-kit waits for 6 px before it starts). */
async function drag(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 20, { steps: 5 });
  await page.mouse.move(to.x + 40, to.y + 20, { steps: 20 });
  await page.mouse.up();
}

describe('Settings > Data Fields', () => {
  it('an admin adds a section with a category and a number field above the system section', async () => {
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/data-fields`);
    await page.getByRole('region', { name: 'Section Contact' }).waitFor();

    await page.locator('label', { hasText: /^Property$/ }).click();
    const system = page.getByRole('region', { name: 'Section Property' });
    await system.waitFor();
    await expect.poll(() => system.getByRole('textbox', { name: 'Section name' }).isDisabled()).toBe(true);
    // A built-in section is never limited to members (ADR 031).
    await expect.poll(() => system.getByPlaceholder('Everyone').isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByRole('textbox', { name: 'Section name' }).last().fill('Deal');
    const deal = page.getByRole('region', { name: 'Section Deal' });
    await deal.waitFor();

    await page.getByRole('button', { name: 'Add Category field' }).click();
    await deal.getByRole('textbox', { name: 'Field name' }).fill('Motivation');
    const option = deal.getByRole('textbox', { name: 'New option for Motivation' });
    for (const text of ['High', '   ', 'Low']) {
      await option.fill(text);
      await option.press('Enter');
    }
    const options = deal.getByRole('group', { name: 'Options of Motivation' });
    await expect.poll(() => options.innerText()).toMatch(/High\s*Low/);
    await page.getByRole('button', { name: 'Add Number field' }).click();
    await expect.poll(() => deal.getByRole('textbox', { name: 'Field name' }).count()).toBe(2);
    await deal.getByRole('textbox', { name: 'Field name' }).last().fill('Asking price');

    await drag(page, deal.getByRole('button', { name: 'Move section Deal' }), system);
    await expect.poll(() => sectionNames(page)).toEqual(['Section Deal', 'Section Property']);
    await page.getByRole('status').getByText('Saved').waitFor();
    await expect
      .poll(async () => (await propertySections()).map((s) => s.name), { timeout: 15_000 })
      .toEqual(['Deal', 'Property']);
    const [saved] = await propertySections();
    expect(saved!.fields.map((f) => [f.name, f.type, f.options, f.system])).toEqual([
      ['Motivation', 'Category', ['High', 'Low'], false],
      ['Asking price', 'Number', [], false],
    ]);

    await page.reload();
    await page.getByRole('region', { name: 'Section Deal' }).waitFor();
    expect(await sectionNames(page)).toEqual(['Section Deal', 'Section Property']);
    await page.mouse.click(1300, 120);
    await page.getByText('Connected to server').waitFor({ state: 'hidden' });
    await shot(page, 'settings-data-fields');

    const item = await insertContact(server.database.db, admin.teamId, {
      type: 'property',
      data: { Address: '12 Elm St' },
    });
    await page.goto(`${server.url}/?record=${item.id}`);
    const modal = page.getByRole('dialog');
    await modal.getByText('Motivation').waitFor();
    await modal.getByText('Asking price').waitFor();
    await modal.getByText('Deal', { exact: true }).waitFor();
    await shot(page, 'settings-data-fields-record');
    expect(problems).toEqual([]);
    await context.close();
  });
});
