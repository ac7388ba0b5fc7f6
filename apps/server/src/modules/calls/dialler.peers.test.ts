import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../db/schema/index.js';
import { TWILIO_PATHS } from '../../providers/voice/twilio-voice.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { postTwilioWebhook, startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import { insertCallableContacts } from './calls.test-support.js';

/*
 * Twilio calls back whichever process the balancer picks. Two apps on one database and the machine's
 * Redis stand in for two processes: a call placed by A has its webhooks answered by B, through A
 * (ADR 029).
 */

const PUBLIC = 'https://app.example.test';
let fake: FakeTwilio;
let a: TestApp;
let b: TestApp;
let owner: TestUser;

const hookTo = (t: TestApp, path: string, params: Record<string, string>) =>
  postTwilioWebhook(t.app, fake, PUBLIC, path, params);

beforeAll(async () => {
  fake = await startFakeTwilio();
  const config = {
    TWILIO_ACCOUNT_SID: fake.accountSid,
    TWILIO_AUTH_TOKEN: fake.authToken,
    TWILIO_API_KEY_SID: 'SK0123456789abcdef0123456789abcdef',
    TWILIO_API_KEY_SECRET: 'key-secret-0123456789',
    TWILIO_API_URL: fake.url,
    PUBLIC_URL: PUBLIC,
    REDIS_URL: 'redis://127.0.0.1:6379',
  };
  const zones = { phoneZones: () => Promise.resolve(['America/New_York']) };
  a = await buildTestApp(config, zones);
  b = await buildTestApp(config, { ...zones, database: a.database });
  owner = await insertTeamAdmin(a, 'owner@twilio-peers.test');
  const bought = await a.app.inject({
    method: 'POST',
    url: '/api/calls/buyNumber',
    headers: owner.headers,
    payload: { areaCode: '916' },
  });
  expect(bought.statusCode, bought.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await fake?.close();
});

describe("a call's webhooks reaching the process that did not place it", () => {
  it('are answered by the process holding the line: the callee is bridged to the caller, and the end is recorded', async () => {
    const { ids } = await insertCallableContacts(a.database.db, owner.teamId, [{ value: '+19164567891' }]);
    const placed = await a.app.inject({
      method: 'POST',
      url: '/api/calls/new',
      headers: owner.headers,
      payload: { dataId: ids[0] },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const sid = [...fake.calls.keys()].at(-1)!;

    const answered = await hookTo(b, TWILIO_PATHS.answer, { CallSid: sid, AnsweredBy: 'human' });
    expect(answered.statusCode).toBe(200);
    // A's answer for a person: bridge them to the caller's browser, not B's hang-up for a call it does not know.
    expect(answered.body).toContain('<Client>');
    expect(answered.body).not.toContain('<Hangup');

    const ended = await hookTo(b, TWILIO_PATHS.status, {
      CallSid: sid,
      CallStatus: 'completed',
      CallDuration: '42',
    });
    expect(ended.statusCode).toBe(200);
    await a.app.services.dialler.settle();
    const [row] = await a.database.db.select().from(calls).where(eq(calls.sid, sid));
    expect(row).toMatchObject({ answered: true, durationMs: 42_000 });
    expect(row!.endedAt).not.toBeNull();
  });

  it('are hung up when no process holds the line', async () => {
    const r = await hookTo(b, TWILIO_PATHS.answer, {
      CallSid: 'CA0000000000000000000000000000dead',
      AnsweredBy: 'human',
    });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<Hangup');
  });
});
