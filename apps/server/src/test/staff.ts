import { authenticator } from 'otplib';
import type { TestApp } from './app.js';
import type { TestUser } from './factories.js';

const STEP_MS = 30_000;

/** The code an authenticator app shows for this secret at the test clock's time. */
export function totpAt(t: TestApp, secret: string) {
  return authenticator.clone({ epoch: t.clock.now().getTime() }).generate(secret);
}

/**
 * Sets up a staff member's authenticator app through the API, as the admin area does: the secret the
 * setup shows, a code computed from it, the recovery codes answered. The session has its second factor.
 */
export async function setUpSecondFactor(t: TestApp, staff: Pick<TestUser, 'headers'>) {
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/admin/secondFactor/setup',
    headers: staff.headers,
  });
  if (setup.statusCode !== 200) throw new Error(`setup: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/admin/secondFactor/confirm',
    headers: staff.headers,
    payload: { code: totpAt(t, secret) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.statusCode} ${confirm.body}`);
  // The next code is of a new step: a code works once.
  t.clock.advance(STEP_MS);
  return { secret, recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
}
