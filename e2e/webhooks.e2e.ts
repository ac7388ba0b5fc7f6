import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser } from '../apps/server/src/test/factories.js';
import { launchBrowser, shot, signedIn, startServer, insertOnboardedAdmin } from './support/harness.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let admin: TestUser;
let crm: Server;
const hits: { id: string; signature: string }[] = [];

/** The team's CRM on loopback: it refuses the first delivery (busy), then takes the rest. */
beforeAll(async () => {
  crm = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push({
        id: String(req.headers['webhook-id']),
        signature: String(req.headers['webhook-signature']),
      });
      if (hits.length === 1) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end('{"error":"CRM is busy, try again"}');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"received":true}');
      }
    });
  });
  await new Promise<void>((r) => crm.listen(0, '127.0.0.1', r));
  server = await startServer({ HOOKS_ALLOW_PRIVATE: true });
  browser = await launchBrowser();
  admin = await insertOnboardedAdmin(server, 'hooks@sierra.test', 'Hana Ito', { name: 'Sierra Realty' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise<void>((r) => crm.close(() => r()));
});

describe('webhooks in Settings > Other', () => {
  it('an admin reads a hook’s delivery log (status, duration, the answer’s first bytes), resends a delivery and rotates the secret', async () => {
    const url = `http://127.0.0.1:${(crm.address() as AddressInfo).port}/prospector`;
    const saved = await server.app.inject({
      method: 'POST',
      url: '/api/users/updateHooks',
      headers: admin.headers,
      payload: { inboundHook: url },
    });
    expect(saved.statusCode).toBe(200);
    await server.app.services.hooks.inbound(admin.teamId, {
      body: 'Is this still for sale?',
      from: '+19164567890',
      at: new Date(),
    });
    await server.app.services.hookSender.flush();
    expect(hits).toHaveLength(1);

    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/settings/other`);
    const panel = page.getByRole('region', { name: 'Webhooks' });
    const card = panel.getByRole('article', { name: `Inbound hook ${url}` });
    await card.waitFor();
    await card.getByRole('button', { name: 'Delivery log' }).click();
    const log = card.getByRole('list', { name: 'Delivery log' });
    await log.getByText('503').waitFor();
    await log.getByText('{"error":"CRM is busy, try again"}').waitFor();
    expect(await log.textContent()).toContain('message.received');
    expect(await log.textContent()).toMatch(/\d+ ms/);

    // The retry 5 s later is taken, and the open log shows it without a reload.
    await log.getByText('{"received":true}').waitFor({ timeout: 20_000 });
    expect(hits).toHaveLength(2);
    await log.getByRole('button', { name: /^Resend msg_/ }).click();
    const attempts = log.getByRole('table').getByRole('row');
    await expect.poll(() => attempts.count(), { timeout: 15_000 }).toBe(4); // a header and 3 attempts
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((h) => h.id)).size).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'settings-webhooks-delivery-log');

    await card.getByRole('button', { name: 'Reveal secret' }).click();
    const first = (await card.getByTestId('webhook-secret').textContent())!;
    expect(first).toMatch(/^whsec_/);
    await card.getByRole('button', { name: 'Rotate secret' }).click();
    await card.getByText('New secret').waitFor();
    const second = (await card.getByTestId('webhook-secret').textContent())!;
    expect(second).not.toBe(first);
    await card.getByText(/The previous secret also signs until/).waitFor();
    await shot(page, 'settings-webhooks-rotated');

    // The next delivery carries two signatures: the old secret's and the new one's.
    await server.app.services.hooks.inbound(admin.teamId, {
      body: 'Hello?',
      from: '+19164567890',
      at: new Date(),
    });
    await server.app.services.hookSender.flush();
    expect(hits.at(-1)!.signature.split(' ')).toHaveLength(2);
    expect(problems).toEqual([]);
    await context.close();
  });
});
