import { expect } from 'vitest';
import { bearer, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';

let seq = 0;

/** A first login through the real sendCode (with the stored affiliate id) and login calls. */
export async function signUpThrough(t: TestApp, email: string, affId: string | null) {
  const ip = `198.51.100.${++seq}`;
  const nth = t.smtp.mailsTo(email).length + 1;
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/users/sendCode',
    payload: { email, affId },
    remoteAddress: ip,
  });
  expect(sent.statusCode).toBe(200);
  const code = await t.smtp.codeFor(email, nth);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, code },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  const { token, user } = res.json() as { token: string; user: { _id: string; team: { _id: string } } };
  return { token, userId: user._id, teamId: user.team._id, headers: bearer(token) } satisfies TestUser;
}
