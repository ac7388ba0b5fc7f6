import { messages, SECOND_FACTOR_REQUIRED } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, staffRecoveryCodes, staffSecondFactors } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { setUpSecondFactor, totpAt } from '../../test/staff.js';

const HOUR = 3_600_000;
let t: TestApp;
let staff: TestUser;
beforeEach(async () => {
  t = await buildTestApp({ STAFF_EMAILS: ['staff@prospector.test'] });
  staff = await insertTeamAdmin(t, 'staff@prospector.test', 'Sam Staff');
});
afterEach(async () => {
  await t.close();
});

const panel = (who: Pick<TestUser, 'headers'>) =>
  t.app.inject({ method: 'GET', url: '/api/admin/panel', headers: who.headers });
const verify = (who: Pick<TestUser, 'headers'>, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/secondFactor/verify',
    headers: who.headers,
    payload: { code },
  });
const actions = async () => (await t.database.db.select().from(auditLog)).map((e) => e.action);

describe("staff's second factor", () => {
  it("answers 401 'Second factor required' to staff without it, with a code the web knows, and audits it", async () => {
    const res = await panel(staff);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: SECOND_FACTOR_REQUIRED,
      message: messages.admin.secondFactorRequired,
    });
    expect(await actions()).toContain('admin.secondFactorRequired');
    // The session itself lives on: a 401 for the second factor is not a logout.
    expect((await t.app.inject({ url: '/api/users/me', headers: staff.headers })).statusCode).toBe(200);
  });

  it('is set up with a QR code and a confirmation code, and then lets the session in', async () => {
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/secondFactor/setup',
      headers: staff.headers,
    });
    const { secret, otpauthUrl, qrDataUrl } = setup.json();
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const [row] = await t.database.db.select().from(staffSecondFactors);
    expect(row!.sealedSecret).not.toContain(secret);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/secondFactor/confirm',
      headers: staff.headers,
      payload: { code: '000000' === totpAt(t, secret) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await panel(staff)).statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/secondFactor/confirm',
      headers: staff.headers,
      payload: { code: totpAt(t, secret) },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().recoveryCodes).toHaveLength(10);
    expect(ok.json().status).toMatchObject({ enrolled: true, verified: true, recoveryCodesLeft: 10 });
    expect((await panel(staff)).statusCode).toBe(200);
    expect(await actions()).toEqual(
      expect.arrayContaining([
        'admin.secondFactorSetupStarted',
        'admin.secondFactorFailed',
        'admin.secondFactorSetUp',
      ]),
    );
    // Stored hashed: no recovery code is in the database.
    const hashes = (await t.database.db.select().from(staffRecoveryCodes)).map((r) => r.codeHash).join(' ');
    for (const code of ok.json().recoveryCodes as string[]) expect(hashes).not.toContain(code);
  });

  it('is asked again after 12 hours, and for every new login', async () => {
    const { secret } = await setUpSecondFactor(t, staff);
    t.clock.advance(11 * HOUR);
    expect((await panel(staff)).statusCode).toBe(200);
    t.clock.advance(HOUR);
    expect((await panel(staff)).statusCode).toBe(401);
    expect((await verify(staff, totpAt(t, secret))).statusCode).toBe(200);
    expect((await panel(staff)).statusCode).toBe(200);
    const again = await insertTeamAdmin(t, 'staff@prospector.test', 'Sam Staff');
    expect((await panel(again)).statusCode).toBe(401);
  });

  it('takes each code once: the same code again is refused', async () => {
    const { secret } = await setUpSecondFactor(t, staff);
    const other = await insertTeamAdmin(t, 'staff@prospector.test', 'Sam Staff');
    const code = totpAt(t, secret);
    expect((await verify(staff, code)).statusCode).toBe(200);
    expect((await verify(other, code)).statusCode).toBe(400);
  });

  it('accepts each recovery code once, however it is typed', async () => {
    const { recoveryCodes } = await setUpSecondFactor(t, staff);
    t.clock.advance(13 * HOUR);
    const typed = `${recoveryCodes[0]!.slice(0, 5).toLowerCase()}-${recoveryCodes[0]!.slice(5)}`;
    const used = await verify(staff, typed);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ usedRecoveryCode: true, status: { recoveryCodesLeft: 9 } });
    t.clock.advance(13 * HOUR);
    expect((await verify(staff, recoveryCodes[0]!)).statusCode).toBe(400);
    expect((await verify(staff, recoveryCodes[1]!)).statusCode).toBe(200);
  });

  it('stops taking codes after 5 wrong ones in 15 minutes', async () => {
    const { secret } = await setUpSecondFactor(t, staff);
    t.clock.advance(13 * HOUR);
    const bad = totpAt(t, secret) === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await verify(staff, bad)).statusCode).toBe(400);
    expect((await verify(staff, totpAt(t, secret))).statusCode).toBe(429);
    t.clock.advance(16 * 60_000);
    expect((await verify(staff, totpAt(t, secret))).statusCode).toBe(200);
  });

  it('counts and checks each code as one step: 200 wrong codes and the right one at once, 5 are checked and the right one is refused', async () => {
    const { secret } = await setUpSecondFactor(t, staff);
    t.clock.advance(13 * HOUR);
    const right = totpAt(t, secret);
    const bad = right === '123456' ? '654321' : '123456';
    // The right code is sent last: the lock queues attempts in the order they ask for it.
    const answers = await Promise.all([
      ...Array.from({ length: 200 }, () => verify(staff, bad)),
      verify(staff, right),
    ]);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(196);
    expect(codes.at(-1)).toBe(429);
    expect((await actions()).filter((a) => a === 'admin.secondFactorFailed')).toHaveLength(5);
    expect((await panel(staff)).statusCode).toBe(401);
  }, 120_000);

  it('cannot be set up again over a confirmed one', async () => {
    await setUpSecondFactor(t, staff);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/secondFactor/setup',
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(409);
    const [row] = await t.database.db
      .select()
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.userId, staff.userId));
    expect(row!.confirmedAt).not.toBeNull();
  });
});
