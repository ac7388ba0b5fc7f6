import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams, users } from '../apps/server/src/db/schema/index.js';
import { insertTeamAdmin, type TestUser } from '../apps/server/src/test/factories.js';
import { launchBrowser, shot, signedIn, startServer } from './support/harness.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // A first login: the team is 'Unnamed Company', not onboarded, and the user has no name yet.
  admin = await insertTeamAdmin(server, 'nina@newco.test', '');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Onboarding', () => {
  it('a new admin goes through every screen to the dashboard', async () => {
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(server.url);
    const next = page.getByRole('button', { name: 'NEXT' });
    const heading = (name: string) => page.getByRole('heading', { name }).waitFor();

    await heading('Welcome to Prospector');
    await next.click();

    await heading('Your company');
    await next.click();
    await page.getByRole('alert').getByText('Company name must be +4 characters').waitFor();
    await page.getByRole('textbox', { name: 'Company name' }).fill('Northwind Homes');
    await page.getByRole('textbox', { name: 'Your name' }).fill('Nina Novak');
    await shot(page, 'onboarding-company');
    await next.click();

    await heading('Your time zone');
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await zone.fill('Los_Angeles');
    await page.getByRole('option', { name: /America\/Los_Angeles/ }).click();
    await next.click();

    await heading('Connect a device');
    await page.getByRole('button', { name: 'Add a simulated phone' }).click();
    await page.getByText('Connected', { exact: true }).waitFor({ timeout: 15_000 });
    await shot(page, 'onboarding-device');
    await next.click();

    await heading('Subtemplates');
    await page.getByRole('textbox', { name: 'Subtemplate name' }).fill('greeting');
    await page.getByRole('textbox', { name: 'Options' }).fill('Hi, Hello, Hey');
    await page.getByRole('button', { name: 'Add subtemplate' }).click();
    await page.getByText('greeting: Hi / Hello / Hey').waitFor();
    await next.click();

    await heading('Templates');
    await next.click();
    await page.getByRole('alert').getByText('Please add a template group').waitFor();
    await page.getByRole('textbox', { name: 'Group name' }).fill('First touch');
    await page
      .getByRole('textbox', { name: 'Template' })
      .fill('Hello, are you still the owner of the house?');
    await page.getByRole('button', { name: 'Add group with template' }).click();
    await page.getByText('1 template', { exact: true }).waitFor();
    await shot(page, 'onboarding-templates');
    await next.click();

    await heading('Statuses');
    await page.getByRole('textbox', { name: 'New status' }).fill('Interested');
    await page.getByRole('button', { name: 'Add status' }).click();
    await page.getByLabel('Your statuses').getByText('Interested').waitFor();
    await shot(page, 'onboarding-statuses');
    await next.click();

    await heading('All set!');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await shot(page, 'onboarding-dashboard');

    const [team] = await server.database.db.select().from(teams).where(eq(teams.id, admin.teamId));
    expect(team).toMatchObject({ onboarded: true, name: 'Northwind Homes', timezone: 'America/Los_Angeles' });
    const [user] = await server.database.db.select().from(users).where(eq(users.id, admin.userId));
    expect(user?.name).toBe('Nina Novak');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(problems).toEqual([]);
    await context.close();
  });
});
