import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT, type Config } from '../../apps/server/src/config.js';
import { eq } from 'drizzle-orm';
import { teams } from '../../apps/server/src/db/schema/index.js';
import { buildTestApp, type TestApp } from '../../apps/server/src/test/app.js';
import { insertTeamAdmin, type TestUser } from '../../apps/server/src/test/factories.js';

export const ARTIFACTS = path.join(REPO_ROOT, 'test-results', 'e2e');
mkdirSync(ARTIFACTS, { recursive: true });

/** The real server (built web app, fresh database, real SMTP) on a loopback port. */
export async function startServer(
  overrides: Partial<Config> = {},
  opts: Omit<NonNullable<Parameters<typeof buildTestApp>[1]>, 'realClock'> = {},
): Promise<TestApp & { url: string }> {
  const t = await buildTestApp(
    {
      WEB_DIST: path.join(REPO_ROOT, 'apps/web/dist'),
      LOGIN_IP_MAX_5MIN: 1000,
      LOGIN_IP_MAX_DAY: 1000,
      LOG_LEVEL: 'warn',
      ...overrides,
    },
    { realClock: true, ...opts },
  );
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return Object.assign(t, { url: `http://127.0.0.1:${port}` });
}

/** Debian's Chromium, driven by playwright-core; never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Fails the test on any uncaught page error or console error the journey did not expect. */
export function watchPage(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
  });
  return problems;
}

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), animations: 'disabled' });

/** A 1440×900 browser context already logged in with this token, and its page's problems. */
export async function signedIn(
  browser: Browser,
  user: { token: string },
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // Typed without the DOM library: the bench program compiles this file too.
  type InPage = { localStorage: { setItem: (key: string, value: string) => void } };
  await context.addInitScript(
    (token) => (globalThis as unknown as InPage).localStorage.setItem('token', token),
    user.token,
  );
  const page = await context.newPage();
  return { context, page, problems: watchPage(page) };
}

/** The admin of a team that went through onboarding (the journeys that start past it). */
export async function insertOnboardedAdmin(
  t: TestApp,
  email: string,
  name: string,
  team: Partial<typeof teams.$inferInsert> = {},
): Promise<TestUser> {
  const admin = await insertTeamAdmin(t, email, name);
  await t.database.db
    .update(teams)
    .set({ onboarded: true, ...team })
    .where(eq(teams.id, admin.teamId));
  return admin;
}
