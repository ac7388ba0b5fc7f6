import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../apps/server/src/config.js';
import { devices, teams, users } from '../apps/server/src/db/schema/index.js';
import { insertTeamAdmin, type TestUser } from '../apps/server/src/test/factories.js';
import { launchBrowser, shot, signedIn, startServer } from './support/harness.js';

/**
 * The real device agent as its own process (from source, as `npm start -w apps/device-agent` runs it),
 * with a config as the download writes it, on the simulated phone driver instead of Termux.
 */
function startAgent(serverUrl: string, deviceToken: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'prospector-e2e-agent-'));
  const config = path.join(dir, 'agent.config.json');
  writeFileSync(config, JSON.stringify({ serverUrl, deviceToken, driver: 'sim' }));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/device-agent/src/main.ts', '--config', config],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

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
    // Where the card and its buttons stand on each screen: they must not jump between steps (issue 30).
    const card = page.getByRole('region', { name: 'Setup' });
    const places: Record<string, string> = {};
    const heading = async (name: string) => {
      await page.getByRole('heading', { name }).waitFor();
      const box = await card.boundingBox();
      const back = await page.getByRole('button', { name: 'BACK' }).boundingBox();
      places[name] = [box?.x, box?.y, box?.width, box?.height, back?.y]
        .map((n) => Math.round(n ?? -1))
        .join(',');
      await shot(page, `onboarding-step-${Object.keys(places).length}`);
    };

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
    expect(new Set(Object.values(places)), JSON.stringify(places)).toHaveLength(1);
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

  it('a new admin adds an Android phone in the device step, runs its app with the token shown, and sees it connect', async () => {
    // Company, name and time zone done: the onboarding opens on the device step.
    const newcomer = await insertTeamAdmin(server, 'omar@eastside.test', 'Omar Haddad');
    await server.database.db
      .update(teams)
      .set({ name: 'Eastside Homes', timezone: 'America/Chicago' })
      .where(eq(teams.id, newcomer.teamId));
    const { context, page, problems } = await signedIn(browser, newcomer);
    await page.goto(server.url);

    await page.getByRole('heading', { name: 'Connect a device' }).waitFor();
    expect(await page.getByText('Settings > Devices').count()).toBe(0);
    await shot(page, 'onboarding-device-choice');

    await page.getByRole('button', { name: /Android phone with Termux/ }).click();
    await page.getByRole('textbox', { name: 'Phone number' }).fill('+1 312 555 0147');
    await shot(page, 'onboarding-device-form');
    await page.getByRole('button', { name: 'Add device' }).click();

    const pairing = page.getByRole('region', { name: 'Connect (312) 555-0147' });
    const token = (await pairing.getByLabel('Device token').textContent())?.trim() ?? '';
    expect(token).toMatch(/^dv1\./);
    await expect.poll(() => pairing.getByRole('status').textContent()).toContain('Waiting for the app');
    await shot(page, 'onboarding-device-pairing');

    const agent = startAgent(server.url, token);
    try {
      await pairing
        .getByText('The app is connected')
        .waitFor({ timeout: 20_000 })
        .catch((err: unknown) => {
          throw new Error(`The agent did not connect. Its output:\n${agent.output()}`, { cause: err });
        });
      await shot(page, 'onboarding-device-connected');
      expect(await pairing.getByRole('status').textContent()).toContain('Connected');
      const [phone] = await server.database.db
        .select()
        .from(devices)
        .where(eq(devices.teamId, newcomer.teamId));
      expect(phone).toMatchObject({ value: '+13125550147', kind: 'android', connected: true });

      await page.getByRole('button', { name: 'NEXT' }).click();
      await page.getByRole('heading', { name: 'Subtemplates' }).waitFor();
    } finally {
      await agent.stop();
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
