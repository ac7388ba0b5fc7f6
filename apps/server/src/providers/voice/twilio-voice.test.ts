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
    expect(n.number).toBe('+12125550142');
    expect(fake.numbers.at(-1)).toMatchObject({ voice_url: PUBLIC + TWILIO_PATHS.inbound });
    expect(await voice.listNumbers()).toContainEqual(n);
    await voice.releaseNumber(n.sid);
    expect(await voice.listNumbers()).not.toContainEqual(n);
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
