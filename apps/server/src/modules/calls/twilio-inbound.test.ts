import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, messages } from '../../db/schema/index.js';
import { TWILIO_PATHS } from '../../providers/voice/twilio-voice.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { postTwilioWebhook, startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';

/*
 * An inbound call through the app's Twilio webhooks: the number is bought from the fake Twilio API
 * (its voice URL is the app's inbound webhook), and each webhook is signed as Twilio signs it.
 */

const PUBLIC = 'https://app.example.test';
let fake: FakeTwilio;
let t: TestApp;
let owner: TestUser;
let ana: TestUser;
let teamNumber: string;

const hook = (path: string, params: Record<string, string>, signedFor = path) =>
  postTwilioWebhook(t.app, fake, PUBLIC, path, params, signedFor);

beforeAll(async () => {
  fake = await startFakeTwilio();
  t = await buildTestApp(
    {
      TWILIO_ACCOUNT_SID: fake.accountSid,
      TWILIO_AUTH_TOKEN: fake.authToken,
      TWILIO_API_KEY_SID: 'SK0123456789abcdef0123456789abcdef',
      TWILIO_API_KEY_SECRET: 'key-secret-0123456789',
      TWILIO_API_URL: fake.url,
      PUBLIC_URL: PUBLIC,
    },
    { phoneZones: () => Promise.resolve(['America/New_York']) },
  );
  owner = await insertTeamAdmin(t, 'owner@twilio-in.test');
  ana = await insertMember(t, owner.teamId, 'ana@twilio-in.test', {
    permissions: ['calls'],
    dataAccess: 'All data',
  });
  const bought = await t.app.inject({
    method: 'POST',
    url: '/api/calls/buyNumber',
    headers: owner.headers,
    payload: { areaCode: '916' },
  });
  teamNumber = bought.json().number.number;
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("Twilio's inbound webhook", () => {
  it('points the bought number at the inbound webhook', () => {
    expect(fake.numbers.at(-1)).toMatchObject({
      phone_number: teamNumber,
      voice_url: PUBLIC + TWILIO_PATHS.inbound,
    });
  });

  it('refuses a call whose signature does not match, and records nothing', async () => {
    const r = await hook(
      TWILIO_PATHS.inbound,
      { CallSid: 'CA00000000000000000000000000000001', From: '+12125550131', To: teamNumber },
      TWILIO_PATHS.status,
    );
    expect(r.statusCode).toBe(403);
    expect(await t.database.db.select().from(calls).where(eq(calls.teamId, owner.teamId))).toEqual([]);
  });

  it("answers a signed call with TwiML ringing the idle member's browser; the member takes it", async () => {
    const rita = await insertContact(t.database.db, owner.teamId, {
      first: 'Rita',
      phones: ['+12125550131'],
    });
    const auth = (await t.app.services.auth.authenticate(ana.token))!;
    expect((await t.app.services.dialler.join(auth)).ok).toBe(true);
    const sid = 'CA00000000000000000000000000000002';
    const r = await hook(TWILIO_PATHS.inbound, { CallSid: sid, From: '+12125550131', To: teamNumber });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/xml/);
    const offer = t.app.services.dialler.state(auth).incoming[0]!;
    expect(offer).toMatchObject({ itemId: rita.id, direction: 'in' });
    expect(r.body).toContain(
      `<Client><Identity>${ana.userId}</Identity><Parameter name="callId" value="${offer._id}"/></Client>`,
    );
    expect(r.body).toContain(`action="${PUBLIC}${TWILIO_PATHS.dialed}"`);

    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/calls/answerInbound',
      headers: ana.headers,
      payload: { callId: offer._id },
    });
    expect(taken.json().call.status).toBe('In call');
    const ended = await hook(TWILIO_PATHS.dialed, {
      CallSid: sid,
      DialCallStatus: 'completed',
      DialCallDuration: '42',
    });
    expect(ended.statusCode).toBe(200);
    await expect
      .poll(async () =>
        (await t.database.db.select().from(messages).where(eq(messages.itemId, rita.id))).map((m) => m.body),
      )
      .toEqual(['Inbound call · 0:42']);
  });
});
