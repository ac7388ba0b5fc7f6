import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertTeamAdmin } from '../../test/factories.js';
import { connectAppPhone, type FakeSmsGatewayApp } from '../../test/fake-sms-gateway-app.js';
import { freePort } from '../../test/server-process.js';
import { callApi, makeKey } from './public-api.test-support.js';

/**
 * Issue 29: the public API sends through the team's devices like the app does, a phone with the SMS
 * Gateway app (private server mode) among them. The app's fake registers at the app's own address.
 */
let t: TestApp;
let base: string;
let phone: FakeSmsGatewayApp | undefined;
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The texts are polled through the API: more calls than its default rate.
  t = await buildTestApp({ PUBLIC_URL: base, PUBLIC_API_PER_MINUTE: 1000 }, { realClock: true });
  await t.app.listen({ host: '127.0.0.1', port });
}, 60_000);
afterAll(async () => {
  phone?.kill();
  await t.close();
});

describe('POST /api/v1/texts with a phone of the SMS Gateway app', { timeout: 60_000 }, () => {
  it('reaches the phone over its event stream, leaves it once, and the delivery and the reply read back in the contact’s texts', async () => {
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    phone = await connectAppPhone(t, admin, '+19175550111', { sendDelayMs: 2 });
    const { key } = await makeKey(t, admin);
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-4401'] });

    const sent = await callApi(base, key, 'POST', '/api/v1/texts', {
      to: '(916) 456-4401',
      body: 'Hi from Zapier',
    });
    expect(sent.status).toBe(200);
    await expect
      .poll(() => phone!.sent)
      .toEqual([{ id: expect.any(String), to: '+19164564401', text: 'Hi from Zapier' }]);
    expect(phone.events).toContain('MessageEnqueued');
    const texts = async () =>
      (await callApi(base, key, 'GET', `/api/v1/contacts/${c.id}/texts`)).body['data'] as {
        direction: string;
        status: string | null;
        body: string;
      }[];
    await expect
      .poll(texts, { interval: 200 })
      .toMatchObject([
        { id: sent.body['id'], direction: 'out', body: 'Hi from Zapier', status: 'delivered' },
      ]);

    // The reply, by the phone's signed webhook; the API lists the newest first.
    phone.receive('+19164564401', 'Yes, call me');
    await expect
      .poll(async () => (await texts()).map((m) => [m.direction, m.body]), { interval: 200 })
      .toEqual([
        ['in', 'Yes, call me'],
        ['out', 'Hi from Zapier'],
      ]);
    expect(phone.sent).toHaveLength(1);
    expect(phone.webhookAnswers.every((s) => s === 204)).toBe(true);
  });
});
