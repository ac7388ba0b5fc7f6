import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams, users } from '../apps/server/src/db/schema/index.js';
import { launchBrowser, shot, startServer, watchPage } from './support/harness.js';

/** Collects the page's Content-Security-Policy violations (directive and what was blocked). */
function recordCspViolations(context: BrowserContext) {
  return context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
}
const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a newcomer', () => {
  it('opens the landing page, tries it, logs in with the e-mailed code, lands in the app and logs out', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await recordCspViolations(context);
    const page = await context.newPage();
    const problems = watchPage(page);

    await page.goto(`${server.url}/#ref0042xyz`);
    await page.getByRole('button', { name: 'Try now' }).first().waitFor();
    await shot(page, 'landing');

    await page.getByRole('button', { name: 'Try now' }).first().click();
    await page.getByLabel('Email').fill('Newcomer@Example.com');
    // The Terms open above the login dialog; Escape closes them only, and the typed address stays.
    const login = page.getByRole('dialog', { name: 'Log in or create your account' });
    await login.getByRole('link', { name: 'Terms and Conditions' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await terms.waitFor();
    await shot(page, 'login-terms');
    await page.keyboard.press('Escape');
    await terms.waitFor({ state: 'detached' });
    expect(await login.isVisible()).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe('Newcomer@Example.com');
    await page.getByRole('button', { name: 'Send Code' }).click();
    const code = await server.smtp.codeFor('newcomer@example.com');
    await page.getByLabel('Login code').fill(code);
    await shot(page, 'login-modal');
    await page.getByRole('button', { name: 'Submit' }).click();

    // A brand-new team is not onboarded: the app shows the start of onboarding, nothing else.
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await shot(page, 'onboarding');
    const [account] = await server.database.db
      .select({ teamId: users.teamId, referredBy: teams.referredBy, teamName: teams.name })
      .from(users)
      .innerJoin(teams, eq(teams.id, users.teamId))
      .where(eq(users.email, 'newcomer@example.com'));
    expect(account).toMatchObject({ referredBy: 'ref0042xyz', teamName: 'Unnamed Company' });
    expect(await page.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);

    // Once onboarded, the same user sees the shell, connected live.
    await server.database.db
      .update(teams)
      .set({ onboarded: true, name: 'Acme Realty' })
      .where(eq(teams.id, account!.teamId));
    await server.database.db
      .update(users)
      .set({ name: 'Nora Newcomer' })
      .where(eq(users.email, 'newcomer@example.com'));
    await page.reload();
    await page.getByRole('link', { name: 'Dashboard' }).waitFor();
    await page.getByText('Connected to server').waitFor();
    await shot(page, 'shell');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Try now' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const me = await fetch(`${server.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);

    // The whole journey (landing, login, the shell connected live over Socket.IO) ran under the CSP.
    expect(await cspViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the page refuses a script an attacker injects inline, and says so', async () => {
    const context = await browser.newContext();
    await recordCspViolations(context);
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Try now' }).first().waitFor();
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true';
      document.head.append(script);
      return (window as unknown as { injectedRan?: boolean }).injectedRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations(page)).toEqual(['script-src-elem inline']);
    expect(problems.some((p) => p.includes('Content Security Policy'))).toBe(true);
    await context.close();
  });

  it('is sent back to the landing page from an unknown address', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('button', { name: 'Try now' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});

describe('a visitor whose tab is older than the release', () => {
  it('sees a Reload button where a page whose code is gone would be, and Reload brings the page', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const problems = watchPage(page);
    // The login page's chunk of an earlier build: the server no longer has it.
    const gone = /\/assets\/login-route-[^/]+\.js$/;
    await context.route(gone, (route) => route.fulfill({ status: 404, body: 'Not Found' }));

    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    await shot(page, 'chunk-failed');
    expect(await page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);

    await context.unroute(gone);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByLabel('Email').waitFor();
    expect(await page.getByRole('heading', { name: 'This page could not be loaded' }).count()).toBe(0);
    // The 404 and the failed import are reported as they happened; nothing else went wrong.
    expect(
      problems.filter((p) => !/404|login-route|dynamically imported module|ChunkLoadError/.test(p)),
    ).toEqual([]);
    await context.close();
  });
});
