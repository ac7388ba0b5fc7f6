import { messages, serverMessages } from '@prospector/core';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, loginCodes, sessions, teams, users } from '../../db/schema/index.js';
import { bearer, buildTestApp, loginAs, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

let ipSeq = 0;
const nextIp = () => `203.0.113.${++ipSeq}`;

const sendCode = (email: string, ip = nextIp(), affId?: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/sendCode', payload: { email, affId }, remoteAddress: ip });
const login = (email: string, code: string, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, code }, remoteAddress: ip });
const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

describe('sending a login code', () => {
  it('mails a 6-digit code and logging in with it returns a token and the user', async () => {
    expect((await sendCode('Ann@Example.com')).statusCode).toBe(200);
    const code = await t.smtp.codeFor('ann@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const res = await login('ann@example.com', code);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.email).toBe('ann@example.com');
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(body.token) });
    expect(me.json().user._id).toBe(body.user._id);
  });

  it('creates a missing account with its own team, as its admin, not onboarded, keeping the affiliate id', async () => {
    await sendCode('new@example.com', nextIp(), 'aff123456');
    const res = await login('new@example.com', await t.smtp.codeFor('new@example.com'));
    const { user } = res.json();
    expect(user.role).toBe('admin');
    expect(user.team.name).toBe('Unnamed Company');
    expect(user.team.onboarded).toBe(false);
    const [team] = await t.database.db.select().from(teams).where(eq(teams.id, user.team._id));
    expect(team!.referredBy).toBe('aff123456');
  });

  it('answers the same for a new and a known address', async () => {
    await loginAs(t, 'known@example.com', nextIp());
    const known = await sendCode('known@example.com');
    const unknown = await sendCode('stranger@example.com');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
  });

  it('refuses a malformed address with a clear message and stores nothing', async () => {
    const res = await sendCode('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.auth.invalidEmail);
    expect(await t.database.db.select().from(loginCodes)).toHaveLength(0);
  });

  it('stores the code only as a hash', async () => {
    await sendCode('hash@example.com');
    const code = await t.smtp.codeFor('hash@example.com');
    const rows = await t.database.db.select().from(loginCodes);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never writes the code to the log when mail is delivered by SMTP', async () => {
    await sendCode('quiet@example.com');
    const code = await t.smtp.codeFor('quiet@example.com');
    await login('quiet@example.com', code);
    expect(t.logs().length).toBeGreaterThan(0);
    expect(t.logs()).not.toContain(code);
  });
});

describe('login code rules', () => {
  it('expires 5 minutes after it was sent', async () => {
    await sendCode('late@example.com');
    const code = await t.smtp.codeFor('late@example.com');
    t.clock.advance(300_000);
    const res = await login('late@example.com', code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.auth.invalidCode);
  });

  it('still works a moment before the 5 minutes are up', async () => {
    await sendCode('ontime@example.com');
    const code = await t.smtp.codeFor('ontime@example.com');
    t.clock.advance(299_000);
    expect((await login('ontime@example.com', code)).statusCode).toBe(200);
  });

  it('works only once', async () => {
    await sendCode('once@example.com');
    const code = await t.smtp.codeFor('once@example.com');
    expect((await login('once@example.com', code)).statusCode).toBe(200);
    expect((await login('once@example.com', code)).statusCode).toBe(400);
  });

  it('dies after 3 wrong codes, even if the right one comes next', async () => {
    await sendCode('typo@example.com');
    const code = await t.smtp.codeFor('typo@example.com');
    for (let i = 0; i < 3; i++) expect((await login('typo@example.com', wrong(code))).statusCode).toBe(400);
    expect((await login('typo@example.com', code)).statusCode).toBe(400);
  });

  it('accepts the right code after 2 wrong ones', async () => {
    await sendCode('twice@example.com');
    const code = await t.smtp.codeFor('twice@example.com');
    for (let i = 0; i < 2; i++) await login('twice@example.com', wrong(code));
    expect((await login('twice@example.com', code)).statusCode).toBe(200);
  });

  it('counts wrong codes sent in parallel: 10 at once kill the code after exactly 3', async () => {
    await sendCode('burst@example.com');
    const code = await t.smtp.codeFor('burst@example.com');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => login('burst@example.com', wrong(code))),
    );
    expect(results.every((r) => r.statusCode === 400)).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.email, 'burst@example.com'));
    expect(row!.wrongAttempts).toBe(3);
    expect((await login('burst@example.com', code)).statusCode).toBe(400);
  });

  it('makes exactly one session out of 20 parallel logins with the right code', async () => {
    await sendCode('race@example.com');
    const code = await t.smtp.codeFor('race@example.com');
    const results = await Promise.all(Array.from({ length: 20 }, () => login('race@example.com', code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    expect(n!.n).toBe(1);
    expect(await t.database.db.select().from(users)).toHaveLength(1);
  });

  it('voids the previous code when the same sender asks for a new one', async () => {
    const ip = nextIp();
    await sendCode('again@example.com', ip);
    const first = await t.smtp.codeFor('again@example.com', 1);
    await sendCode('again@example.com', ip);
    const second = await t.smtp.codeFor('again@example.com', 2);
    if (first !== second) expect((await login('again@example.com', first)).statusCode).toBe(400);
    expect((await login('again@example.com', second)).statusCode).toBe(200);
  });

  it("keeps the owner's code valid when strangers send codes to the address (issue 36 item 11)", async () => {
    const owner = nextIp();
    await sendCode('owner@example.com', owner);
    const code = await t.smtp.codeFor('owner@example.com', 1);
    const stranger = nextIp();
    for (let i = 0; i < 3; i++) expect((await sendCode('owner@example.com', stranger)).statusCode).toBe(200);
    expect((await sendCode('owner@example.com', stranger)).statusCode).toBe(429);
    // The stranger's sends neither voided the owner's code nor used up the owner's own sends.
    expect((await sendCode('owner@example.com', owner)).statusCode).toBe(200);
    const latest = await t.smtp.codeFor('owner@example.com', 5);
    if (latest !== code) expect((await login('owner@example.com', code)).statusCode).toBe(400);
    expect((await login('owner@example.com', latest)).statusCode).toBe(200);
  });

  it('a code already sent stays valid when senders from many addresses use up the address', async () => {
    await sendCode('target@example.com', '198.51.100.1');
    const code = await t.smtp.codeFor('target@example.com', 1);
    for (let i = 2; i <= 10; i++)
      expect((await sendCode('target@example.com', `198.51.100.${i}`)).statusCode).toBe(200);
    const refused = await sendCode('target@example.com', '198.51.100.11');
    expect(refused.statusCode).toBe(429);
    expect((await login('target@example.com', code)).statusCode).toBe(200);
  });
});

describe('sendCode rate limits', () => {
  it('allows one sender 3 codes per address in 5 minutes, then answers 429 with a clear message', async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await sendCode('busy@example.com', ip)).statusCode).toBe(200);
    const res = await sendCode('busy@example.com', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(messages.auth.tooManySends);
    expect(res.headers['retry-after']).toBeDefined();
    t.clock.advance(5 * 60_000);
    expect((await sendCode('busy@example.com', ip)).statusCode).toBe(200);
  });

  it('allows an address 10 codes in 5 minutes from all senders together', async () => {
    for (let i = 0; i < 10; i++) expect((await sendCode('popular@example.com')).statusCode).toBe(200);
    expect((await sendCode('popular@example.com')).statusCode).toBe(429);
  });

  it('allows one sender 10 codes per address in a day', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 10; i++) {
      expect((await sendCode('daily@example.com', ip)).statusCode).toBe(200);
      if (i % 3 === 2) t.clock.advance(5 * 60_000);
    }
    t.clock.advance(5 * 60_000);
    const res = await sendCode('daily@example.com', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(serverMessages.auth.tooManySendsToday);
    t.clock.advance(24 * 60 * 60_000);
    expect((await sendCode('daily@example.com', ip)).statusCode).toBe(200);
  });

  it('limits one IP across many addresses', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 3; i++) expect((await sendCode(`person${i}@example.com`, ip)).statusCode).toBe(200);
    expect((await sendCode('person9@example.com', ip)).statusCode).toBe(429);
    expect((await sendCode('person9@example.com', nextIp())).statusCode).toBe(200);
  });

  it('holds under parallel requests: 10 at once send exactly 3 codes', async () => {
    const ip = nextIp();
    const results = await Promise.all(Array.from({ length: 10 }, () => sendCode('flood@example.com', ip)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(7);
  });
});

describe('sessions', () => {
  it('gives opaque tokens of 256 random bits and stores only their hash', async () => {
    const { token } = await loginAs(t, 'tok@example.com', nextIp());
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.database.db.select().from(sessions);
    expect(rows[0]!.tokenHash).not.toBe(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('revokes the token on logout', async () => {
    const { token } = await loginAs(t, 'bye@example.com', nextIp());
    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe(messages.auth.unauthenticated);
    const actions = (await t.database.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.login', 'auth.logout']));
  });

  it('refuses a made-up token', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer('x'.repeat(43)) });
    expect(me.statusCode).toBe(401);
  });
});
