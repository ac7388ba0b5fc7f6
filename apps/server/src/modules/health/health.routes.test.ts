import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../../test/app.js';

let t: TestApp;
let webDist: string;
beforeAll(() => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Prospector</title><div id="root"></div>',
  );
  writeFileSync(path.join(webDist, 'app.js'), 'console.log(1)');
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
afterEach(async () => {
  await t.close();
});

describe('health', () => {
  it('reports the database', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { ok: true }, userId: null });
    expect(['pglite', 'postgres']).toContain(res.json().database.driver);
  });

  it('verifies a token when one is sent', async () => {
    t = await buildTestApp();
    const { token, user } = await loginAs(t, 'h@example.com');
    const good = await t.app.inject({ method: 'GET', url: '/api/health', headers: bearer(token) });
    expect(good.json().userId).toBe(user._id);
    const bad = await t.app.inject({ method: 'GET', url: '/api/health', headers: bearer('nope') });
    expect(bad.statusCode).toBe(401);
  });

  it('reports a database that stopped answering as degraded (503)', async () => {
    t = await buildTestApp();
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().database.ok).toBe(false);
    t.database.close = async () => {};
  });
});

describe('serving the web app', () => {
  it('answers client routes with index.html and serves files', async () => {
    t = await buildTestApp({ WEB_DIST: webDist });
    const page = await t.app.inject({ method: 'GET', url: '/lists/123?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    const file = await t.app.inject({ method: 'GET', url: '/app.js' });
    expect(file.body).toBe('console.log(1)');
  });

  it('answers unknown /api paths with 404 JSON, not the page', async () => {
    t = await buildTestApp({ WEB_DIST: webDist });
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
  });

  it('gives the logged-out pages their configuration', async () => {
    t = await buildTestApp({ CONTACT_EMAIL: 'hello@prospector.test' });
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({
      contactEmail: 'hello@prospector.test',
      bookDemoUrl: null,
      codesInServerLog: false,
      mapsConfigured: false,
      stripePublishableKey: null,
      geocoding: false,
      propertyInfoLookup: false,
      mapTileUrl: null,
      mapTileAttribution: '© OpenStreetMap contributors',
    });
  });

  it('answers a body that is not JSON with 400 and no stack trace', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/sendCode',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('authentication order', () => {
  it('answers a logged-out call with 401 even when its body is missing', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'POST', url: '/api/dashboard/get' });
    expect(res.statusCode).toBe(401);
  });
});
