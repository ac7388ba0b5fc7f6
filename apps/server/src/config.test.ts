import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'cfg-'));

describe('configuration', () => {
  it('runs on defaults: embedded database in DATA_DIR, port 3000, loopback', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATABASE_URL: undefined,
      PUBLIC_URL: 'http://localhost:3000',
    });
    rmSync(dir, { recursive: true });
  });

  it('keeps a generated secret in DATA_DIR so restarts keep codes and sessions valid', () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.authSecret).toBe(b.authSecret);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8')).toBe(a.authSecret);
    rmSync(dir, { recursive: true });
  });

  it('names every bad variable in one clear error', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CONTACT_EMAIL: 'nope' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect((err as Error).message).toContain('PORT');
      expect((err as Error).message).toContain('DATABASE_URL: must be a postgres:// URL');
    }
  });

  it('requires SMTP_URL and AUTH_SECRET in production, so login codes never go to the log', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:25' })).toThrow(
      /AUTH_SECRET/,
    );
  });

  it('reads staff e-mails as a lower-cased list', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir, STAFF_EMAILS: ' A@x.com, b@Y.com ,' }).STAFF_EMAILS).toEqual([
      'a@x.com',
      'b@y.com',
    ]);
    rmSync(dir, { recursive: true });
  });
});
