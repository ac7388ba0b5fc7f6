import twilio from 'twilio';
import RequestClient from 'twilio/lib/base/RequestClient.js';
import type {
  AnswerInstruction,
  CallOutcome,
  VoiceAccount,
  VoiceEvent,
  VoiceHandler,
  VoiceProvider,
} from './voice.js';
import { VoiceFailedError } from './voice.js';

const { AccessToken } = twilio.jwt;
const { VoiceGrant } = AccessToken;
const TWILIO_API = 'https://api.twilio.com';
const TOKEN_TTL_S = 3600;
/** Seconds a call rings before Twilio gives up ('no-answer'). */
const RING_TIMEOUT_S = 25;
/** Paths under the public URL that Twilio calls back. The calls module registers them. */
export const TWILIO_PATHS = {
  answer: '/api/calls/twilio/answer',
  status: '/api/calls/twilio/status',
  inbound: '/api/calls/twilio/inbound',
  /** A <Dial>'s action: how ringing the members' browsers or the forward phone ended. */
  dialed: '/api/calls/twilio/dialed',
} as const;

export type TwilioWebhook = {
  kind: 'answer' | 'status' | 'inbound' | 'dialed';
  /** The full URL Twilio requested (public origin + path + query): what it signed. */
  url: string;
  params: Record<string, string>;
  signature: string | undefined;
};

export type TwilioVoice = VoiceProvider & {
  readonly name: 'twilio';
  /**
   * A callback from Twilio: refused (403) unless X-Twilio-Signature matches; otherwise turned into a
   * dialler event, and the handler's answer into TwiML.
   */
  webhook(w: TwilioWebhook): Promise<{ ok: false } | { ok: true; twiml: string }>;
};

/** Twilio's REST client, sent to `apiUrl` instead of api.twilio.com (a local fake in tests). */
class RebasedClient extends RequestClient {
  constructor(private readonly base: string) {
    super({ timeout: 10_000 });
  }
  override request<T>(opts: RequestClient.RequestOptions<T>) {
    const uri =
      this.base === TWILIO_API
        ? opts.uri
        : opts.uri.replace(/^https:\/\/[a-z0-9.-]+\.twilio\.com/, this.base);
    return super.request({ ...opts, uri });
  }
}

const MACHINE = new Set([
  'machine_start',
  'machine_end_beep',
  'machine_end_silence',
  'machine_end_other',
  'fax',
]);
const ENDED: Record<string, CallOutcome> = {
  completed: 'completed',
  'no-answer': 'no-answer',
  busy: 'busy',
  failed: 'failed',
  canceled: 'canceled',
};

const accountOf = (a: { sid: string; friendlyName: string; status: string }): VoiceAccount => ({
  sid: a.sid,
  name: a.friendlyName,
  status: a.status === 'suspended' || a.status === 'closed' ? a.status : 'active',
});

/** The TwiML for what the dialler decided the callee hears. */
export function renderTwiml(i: AnswerInstruction | null, dialedUrl = ''): string {
  const r = new twilio.twiml.VoiceResponse();
  if (!i || i.kind === 'hangup') r.hangup();
  else if (i.kind === 'ring') {
    // Every idle member's browser rings at once; Twilio cancels the others when one accepts.
    const dial = r.dial({ timeout: Math.round(i.timeoutMs / 1000), action: dialedUrl, method: 'POST' });
    for (const identity of i.identities) {
      const client = dial.client();
      client.identity(identity);
      client.parameter({ name: 'callId', value: i.callId });
    }
  } else if (i.kind === 'forward')
    r.dial({
      callerId: i.callerId,
      timeout: Math.round(i.timeoutMs / 1000),
      action: dialedUrl,
      method: 'POST',
    }).number(i.number);
  else if (i.kind === 'bridge') r.dial({ answerOnBridge: true }).client(i.identity);
  else if (i.kind === 'play') {
    r.play(i.url);
    r.hangup();
  } else r.pause({ length: 60 });
  return r.toString();
}

/**
 * Twilio Programmable Voice. Outbound calls go through the REST Calls API with answering-machine
 * detection (MachineDetection=DetectMessageEnd, so a voicemail drop starts after the beep); the answer
 * webhook gets AnsweredBy and returns TwiML that bridges a person to the member's browser client
 * (`<Dial><Client>`), or plays a recording. Status callbacks report ringing and the end. Every
 * callback is checked against X-Twilio-Signature (HMAC-SHA1 of URL + sorted params with the auth token).
 */
export function createTwilioVoice(opts: {
  accountSid: string;
  authToken: string;
  apiKeySid: string;
  apiKeySecret: string;
  apiUrl: string;
  publicUrl: string;
}): TwilioVoice {
  const client = twilio(opts.accountSid, opts.authToken, {
    accountSid: opts.accountSid,
    httpClient: new RebasedClient(opts.apiUrl.replace(/\/$/, '')),
  });
  const publicUrl = opts.publicUrl.replace(/\/$/, '');
  /** A sub-account's resources, reached with the main account's credentials (Twilio allows it). */
  const account = (sid: string | undefined) => client.api.v2010.accounts(sid ?? opts.accountSid);
  let handler: VoiceHandler = () => Promise.resolve(null);

  async function rest<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw new VoiceFailedError(`twilio: ${(err as Error).message}`);
    }
  }

  function eventOf(kind: TwilioWebhook['kind'], p: Record<string, string>): VoiceEvent | null {
    const sid = p.CallSid;
    if (!sid) return null;
    if (kind === 'inbound') return { sid, kind: 'incoming', from: p.From ?? '', to: p.To ?? '' };
    if (kind === 'dialed') {
      // The <Dial> ended: answered and hung up ('completed'), or nobody answered / the caller left.
      const outcome = ENDED[p.DialCallStatus ?? ''] ?? 'canceled';
      return { sid, kind: 'ended', outcome, durationMs: Number(p.DialCallDuration ?? 0) * 1000 || 0 };
    }
    if (kind === 'answer') return { sid, kind: MACHINE.has(p.AnsweredBy ?? '') ? 'machine' : 'answered' };
    const status = p.CallStatus ?? '';
    if (status === 'ringing') return { sid, kind: 'ringing' };
    const outcome = ENDED[status];
    if (!outcome) return null;
    return { sid, kind: 'ended', outcome, durationMs: Number(p.CallDuration ?? 0) * 1000 || 0 };
  }

  return {
    name: 'twilio',
    setHandler: (h) => {
      handler = h;
    },
    async webhook(w) {
      if (!w.signature || !twilio.validateRequest(opts.authToken, w.signature, w.url, w.params))
        return { ok: false };
      if (w.params.AccountSid !== opts.accountSid) return { ok: false };
      const e = eventOf(w.kind, w.params);
      const answer = e ? await handler(e) : null;
      // A status callback's answer is ignored by Twilio; an empty Response keeps it well-formed.
      if (w.kind === 'answer' || w.kind === 'inbound')
        return { ok: true, twiml: renderTwiml(answer, publicUrl + TWILIO_PATHS.dialed) };
      if (w.kind === 'dialed') return { ok: true, twiml: renderTwiml({ kind: 'hangup' }) };
      return { ok: true, twiml: new twilio.twiml.VoiceResponse().toString() };
    },
    placeCall: (call) =>
      rest(async () => {
        const c = await client.calls.create({
          to: call.to,
          from: call.from,
          url: publicUrl + TWILIO_PATHS.answer,
          statusCallback: publicUrl + TWILIO_PATHS.status,
          statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
          statusCallbackMethod: 'POST',
          machineDetection: 'DetectMessageEnd',
          timeout: RING_TIMEOUT_S,
        });
        return { sid: c.sid };
      }),
    endCall: (sid) =>
      rest(async () => {
        await client.calls(sid).update({ status: 'completed' });
      }),
    // The member's browser accepts its own <Client> leg; Twilio cancels the other members' legs.
    connectInbound: () => Promise.resolve(),
    playIntoCall: (sid, url) =>
      rest(async () => {
        await client.calls(sid).update({ twiml: renderTwiml({ kind: 'play', url }) });
      }),
    accessToken(identity) {
      const token = new AccessToken(opts.accountSid, opts.apiKeySid, opts.apiKeySecret, {
        identity,
        ttl: TOKEN_TTL_S,
      });
      token.addGrant(new VoiceGrant({ incomingAllow: true }));
      return { token: token.toJwt(), identity, expiresAt: new Date(Date.now() + TOKEN_TTL_S * 1000) };
    },
    listNumbers: (accountSid) =>
      rest(async () =>
        (await account(accountSid).incomingPhoneNumbers.list({ limit: 1000 })).map((n) => ({
          sid: n.sid,
          number: n.phoneNumber,
          accountSid: n.accountSid,
        })),
      ),
    buyNumber: (areaCode, accountSid) =>
      rest(async () => {
        const [found] = await client
          .availablePhoneNumbers('US')
          .local.list({ ...(areaCode ? { areaCode: Number(areaCode) } : {}), voiceEnabled: true, limit: 1 });
        if (!found) throw new Error('no number available');
        const n = await account(accountSid).incomingPhoneNumbers.create({
          phoneNumber: found.phoneNumber,
          voiceUrl: publicUrl + TWILIO_PATHS.inbound,
          voiceMethod: 'POST',
        });
        return { sid: n.sid, number: n.phoneNumber, accountSid: n.accountSid };
      }),
    releaseNumber: (sid, accountSid) =>
      rest(async () => {
        await account(accountSid).incomingPhoneNumbers(sid).remove();
      }),
    createAccount: (name) =>
      rest(async () => accountOf(await client.api.v2010.accounts.create({ friendlyName: name }))),
    listAccounts: () =>
      rest(async () =>
        (await client.api.v2010.accounts.list({ limit: 1000 }))
          // The list holds the main account itself too.
          .filter((a) => a.sid !== opts.accountSid)
          .map(accountOf),
      ),
    close: () => Promise.resolve(),
  };
}
