import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import { createTwilioVoice, TWILIO_PATHS, type TwilioVoice } from './twilio-voice.js';
import { VoiceFailedError, type AnswerInstruction, type VoiceEvent } from './voice.js';

let fake: FakeTwilio;
let voice: TwilioVoice;
const events: VoiceEvent[] = [];
let answer: AnswerInstruction | null = null;
const PUBLIC = 'https://app.example.test';
const API_KEY = 'SK0123456789abcdef0123456789abcdef';

beforeAll(async () => {
  fake = await startFakeTwilio();
  voice = createTwilioVoice({
    accountSid: fake.accountSid,
    authToken: fake.authToken,
    apiKeySid: API_KEY,
    apiKeySecret: 'key-secret-0123456789',
    apiUrl: fake.url,
    publicUrl: PUBLIC,
  });
  voice.setHandler((e) => {
    events.push(e);
    return Promise.resolve(answer);
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  events.length = 0;
  answer = null;
  fake.failing = false;
});

type Claims = {
  iss: string;
  sub: string;
  iat: number;
  exp: number;
  grants: { identity: string; voice: unknown };
};
const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Claims;
const hook = (kind: 'answer' | 'status', params: Record<string, string>, signature?: string) => {
  const url = PUBLIC + TWILIO_PATHS[kind];
  const p = { AccountSid: fake.accountSid, ...params };
  return voice.webhook({ kind, url, params: p, signature: signature ?? fake.sign(url, p) });
};

describe('the Twilio voice adapter against a fake of the REST API', () => {
  it('gives the browser an access token with a Voice grant for the member', () => {
    const t = voice.accessToken('user-42')!;
    const claims = decode(t.token);
    const header = JSON.parse(Buffer.from(t.token.split('.')[0]!, 'base64url').toString());
    expect(header).toMatchObject({ alg: 'HS256', cty: 'twilio-fpa;v=1' });
    expect(claims.iss).toBe(API_KEY);
    expect(claims.sub).toBe(fake.accountSid);
    expect(claims.grants.identity).toBe('user-42');
    expect(claims.grants.voice).toEqual({ incoming: { allow: true } });
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it('places a call from a team number with machine detection and signed callbacks', async () => {
    const { sid } = await voice.placeCall({ from: '+19165550142', to: '+12125550100' });
    const req = fake.requests.at(-1)!;
    expect(req.authorized).toBe(true);
    expect(fake.calls.get(sid)!.params).toMatchObject({
      To: '+12125550100',
      From: '+19165550142',
      Url: PUBLIC + TWILIO_PATHS.answer,
      StatusCallback: PUBLIC + TWILIO_PATHS.status,
      MachineDetection: 'DetectMessageEnd',
      Timeout: '25',
    });
  });

  it('bridges a person to the member browser client', async () => {
    answer = { kind: 'bridge', identity: 'user-42' };
    const r = await hook('answer', { CallSid: 'CA1', AnsweredBy: 'human' });
    expect(events).toEqual([{ sid: 'CA1', kind: 'answered' }]);
    expect(r).toEqual({
      ok: true,
      twiml:
        '<?xml version="1.0" encoding="UTF-8"?><Response><Dial answerOnBridge="true"><Client>user-42</Client></Dial></Response>',
    });
  });

  it.each(['machine_end_beep', 'machine_end_silence', 'fax'])(
    'tells a machine (%s) from a person',
    async (by) => {
      answer = { kind: 'play', url: 'https://app.example.test/vm.ogg' };
      const r = await hook('answer', { CallSid: 'CA2', AnsweredBy: by });
      expect(events).toEqual([{ sid: 'CA2', kind: 'machine' }]);
      expect(r.ok && r.twiml).toContain('<Play>https://app.example.test/vm.ogg</Play><Hangup/>');
    },
  );

  it("treats AMD's 'unknown' as a person: a member hears it rather than a voicemail drop", async () => {
    await hook('answer', { CallSid: 'CA3', AnsweredBy: 'unknown' });
    expect(events).toEqual([{ sid: 'CA3', kind: 'answered' }]);
  });

  it('refuses a callback whose signature does not match, and hears nothing of it', async () => {
    expect(await hook('answer', { CallSid: 'CA4', AnsweredBy: 'human' }, 'bm90LWEtc2lnbmF0dXJl')).toEqual({
      ok: false,
    });
    expect(
      await voice.webhook({
        kind: 'status',
        url: PUBLIC + TWILIO_PATHS.status,
        params: { CallSid: 'CA4' },
        signature: undefined,
      }),
    ).toEqual({ ok: false });
    // Signed for another URL: refused too.
    const p = { AccountSid: fake.accountSid, CallSid: 'CA4', CallStatus: 'completed' };
    expect(
      await voice.webhook({
        kind: 'status',
        url: PUBLIC + TWILIO_PATHS.status,
        params: p,
        signature: fake.sign(PUBLIC + '/other', p),
      }),
    ).toEqual({ ok: false });
    expect(events).toEqual([]);
  });

  it('reports ringing and the end with its duration and outcome', async () => {
    await hook('status', { CallSid: 'CA5', CallStatus: 'ringing' });
    await hook('status', { CallSid: 'CA5', CallStatus: 'in-progress' });
    await hook('status', { CallSid: 'CA5', CallStatus: 'completed', CallDuration: '42' });
    await hook('status', { CallSid: 'CA6', CallStatus: 'no-answer' });
    expect(events).toEqual([
      { sid: 'CA5', kind: 'ringing' },
      { sid: 'CA5', kind: 'ended', outcome: 'completed', durationMs: 42_000 },
      { sid: 'CA6', kind: 'ended', outcome: 'no-answer', durationMs: 0 },
    ]);
  });

  it('ends a call and plays a recording into one through the Calls API', async () => {
    const { sid } = await voice.placeCall({ from: '+19165550142', to: '+12125550101' });
    await voice.endCall(sid);
    await voice.playIntoCall(sid, 'https://app.example.test/vm.ogg');
    expect(fake.calls.get(sid)!.updates).toEqual([
      { Status: 'completed' },
      {
        Twiml:
          '<?xml version="1.0" encoding="UTF-8"?><Response><Play>https://app.example.test/vm.ogg</Play><Hangup/></Response>',
      },
    ]);
  });

  it('buys, lists and releases numbers, pointing inbound calls at the app', async () => {
    const n = await voice.buyNumber('212');
    expect(n).toEqual({
      sid: expect.stringMatching(/^PN/),
      number: '+12125550142',
      accountSid: fake.accountSid,
    });
    expect(fake.numbers.at(-1)).toMatchObject({ voice_url: PUBLIC + TWILIO_PATHS.inbound });
    expect(await voice.listNumbers()).toContainEqual(n);
    await voice.releaseNumber(n.sid);
    expect(await voice.listNumbers()).not.toContainEqual(n);
  });

  it('opens subaccounts and rents, lists and releases numbers under each', async () => {
    const a = await voice.createAccount('Acme Realty');
    expect(a).toMatchObject({ name: 'Acme Realty', status: 'active' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/2010-04-01/Accounts.json' });
    expect((await voice.listAccounts()).map((x) => x.sid)).toContain(a.sid);
    expect((await voice.listAccounts()).map((x) => x.sid)).not.toContain(fake.accountSid);
    const n = await voice.buyNumber('305', a.sid);
    expect(n).toMatchObject({ number: '+13055550142', accountSid: a.sid });
    expect(fake.requests.at(-1)!.path).toBe(`/2010-04-01/Accounts/${a.sid}/IncomingPhoneNumbers.json`);
    expect(await voice.listNumbers(a.sid)).toEqual([n]);
    expect(await voice.listNumbers()).not.toContainEqual(n);
    // A second number of the same area code is another one.
    expect((await voice.buyNumber('305', a.sid)).number).toBe('+13055550143');
    await voice.releaseNumber(n.sid, a.sid);
    expect(await voice.listNumbers(a.sid)).not.toContainEqual(n);
  });

  it('is refused when releasing a number of a suspended subaccount', async () => {
    const a = await voice.createAccount('Late Payer');
    const n = await voice.buyNumber('212', a.sid);
    fake.subaccounts.find((x) => x.sid === a.sid)!.status = 'suspended';
    expect((await voice.listAccounts()).find((x) => x.sid === a.sid)!.status).toBe('suspended');
    await expect(voice.releaseNumber(n.sid, a.sid)).rejects.toThrow(/Account not active/);
    expect(await voice.listNumbers(a.sid)).toEqual([n]);
  });

  it('turns an API error into VoiceFailedError', async () => {
    fake.failing = true;
    await expect(voice.placeCall({ from: '+19165550142', to: '+12125550100' })).rejects.toBeInstanceOf(
      VoiceFailedError,
    );
  });

  it('is refused by the fake with a wrong auth token', async () => {
    const wrong = createTwilioVoice({
      accountSid: fake.accountSid,
      authToken: 'nope',
      apiKeySid: API_KEY,
      apiKeySecret: 'x',
      apiUrl: fake.url,
      publicUrl: PUBLIC,
    });
    await expect(wrong.listNumbers()).rejects.toThrow(/Authenticate/);
  });
});

describe('inbound calls through the Twilio adapter', () => {
  const inbound = (params: Record<string, string>, signature?: string) => {
    const url = PUBLIC + TWILIO_PATHS.inbound;
    const p = { AccountSid: fake.accountSid, ...params };
    return voice.webhook({ kind: 'inbound', url, params: p, signature: signature ?? fake.sign(url, p) });
  };

  it("rings the members' browser clients at once, each told the call's id", async () => {
    answer = { kind: 'ring', identities: ['u-1', 'u-2'], callId: 'call-9', timeoutMs: 25_000 };
    const r = await inbound({ CallSid: 'CA10', From: '+12125550111', To: '+19165550142' });
    expect(events).toEqual([{ sid: 'CA10', kind: 'incoming', from: '+12125550111', to: '+19165550142' }]);
    expect(r).toEqual({
      ok: true,
      twiml:
        '<?xml version="1.0" encoding="UTF-8"?><Response><Dial timeout="25" action="https://app.example.test/api/calls/twilio/dialed" method="POST">' +
        '<Client><Identity>u-1</Identity><Parameter name="callId" value="call-9"/></Client>' +
        '<Client><Identity>u-2</Identity><Parameter name="callId" value="call-9"/></Client></Dial></Response>',
    });
  });

  it("forwards to a member's phone with the team number as caller ID", async () => {
    answer = { kind: 'forward', number: '+19165550143', callerId: '+19165550142', timeoutMs: 25_000 };
    const r = await inbound({ CallSid: 'CA11', From: '+12125550111', To: '+19165550142' });
    expect(r.ok && r.twiml).toContain(
      '<Dial callerId="+19165550142" timeout="25" action="https://app.example.test/api/calls/twilio/dialed" method="POST"><Number>+19165550143</Number></Dial>',
    );
  });

  it('refuses an inbound webhook with a wrong signature and hears nothing of it', async () => {
    const p = { AccountSid: fake.accountSid, CallSid: 'CA12', From: '+12125550111', To: '+19165550142' };
    expect(await inbound(p, fake.sign(PUBLIC + TWILIO_PATHS.answer, p))).toEqual({ ok: false });
    expect(events).toEqual([]);
  });

  it("reports how the <Dial> ended, with the forwarded call's duration", async () => {
    const url = PUBLIC + TWILIO_PATHS.dialed;
    const p = {
      AccountSid: fake.accountSid,
      CallSid: 'CA13',
      DialCallStatus: 'completed',
      DialCallDuration: '31',
    };
    const r = await voice.webhook({ kind: 'dialed', url, params: p, signature: fake.sign(url, p) });
    expect(events).toEqual([{ sid: 'CA13', kind: 'ended', outcome: 'completed', durationMs: 31_000 }]);
    expect(r.ok && r.twiml).toContain('<Hangup/>');
  });
});
