import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, type Config } from '../config.js';
import { buildTestApp, type TestApp } from '../test/app.js';

/**
 * Headers that limit what an injected script, a framing site or a sniffing browser can do, on the web
 * app's page and on every API answer (errors included).
 */

let t: TestApp | undefined;
let webDist: string;
beforeAll(() => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The app serving a built web app; closed after the test. */
async function start(overrides: Partial<Config> = {}) {
  t = await buildTestApp({ WEB_DIST: webDist, ...overrides });
  return t.app;
}

/** The Content-Security-Policy header as directive → sources. */
function csp(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  it('an inline script injected into the page would not run: only the app’s own script files may', async () => {
    const app = await start();
    const res = await app.inject({ method: 'GET', url: '/lists/1' });
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'", 'ws://localhost']);
  });

  it('with Stripe configured, card entry may load Stripe.js and its frames from Stripe, and nothing else may', async () => {
    const app = await start({
      STRIPE_SECRET_KEY: 'sk_test_abcdefghijklmnop',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abcdefghijklmnop',
    });
    const policy = csp(
      (await app.inject({ method: 'GET', url: '/settings/billing' })).headers['content-security-policy'],
    );
    expect(policy['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
    expect(policy['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(policy['connect-src']).toContain('https://api.stripe.com');
  });

  it('another site cannot frame the app to trick a click', async () => {
    const app = await start();
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(csp(res.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('no answer can be sniffed into another type, nor leak its address as a referrer, errors included', async () => {
    const app = await start();
    for (const [url, status] of [
      ['/', 200],
      ['/api/health', 200],
      ['/api/users/me', 401],
      ['/api/no-such-route', 404],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it('over plain http no HSTS is sent, so a LAN install is not pinned to https it does not have', async () => {
    const app = await start({ PUBLIC_URL: 'http://192.168.1.20:3000' });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(csp(res.headers['content-security-policy'])).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('behind https, HSTS keeps the browser off plain http and the WebSocket is allowed over wss', async () => {
    const app = await start({ PUBLIC_URL: 'https://crm.example.com' });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['connect-src']).toEqual(["'self'", 'wss://crm.example.com']);
    expect(policy).toHaveProperty('upgrade-insecure-requests');
  });

  it('the web app’s index.html has no inline script for the policy to block', () => {
    const html = readFileSync(path.join(REPO_ROOT, 'apps/web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });
});
