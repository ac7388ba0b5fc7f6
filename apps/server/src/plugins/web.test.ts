import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';

/**
 * Caching of the built web app: index.html names the current release's scripts, so a browser or proxy
 * holding it for an hour after a release loads scripts that are gone (a blank page) and keeps serving
 * an old page with old security fixes. The hashed files under assets/ never change.
 */

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Prospector</title><div id="root"></div><script type="module" src="/assets/index-Bx7f3k.js"></script>',
  );
  writeFileSync(path.join(webDist, 'assets', 'index-Bx7f3k.js'), 'console.log(1)');
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });

describe('caching the web app', () => {
  it('a deep link is answered with index.html that is never cached without revalidation', async () => {
    for (const url of ['/lists/123?tab=2', '/settings/team', '/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/records/1', 'HEAD')).headers['cache-control']).toBe('no-cache');
  });

  it('index.html asked for by name is not cached either', async () => {
    const res = await get('/index.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('hashed assets are cached for a year as immutable, other files for an hour', async () => {
    const asset = await get('/assets/index-Bx7f3k.js');
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });
});
