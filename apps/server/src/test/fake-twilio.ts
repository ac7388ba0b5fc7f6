import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import type { FastifyInstance } from 'fastify';

/*
 * A local HTTP fake of the Twilio REST API endpoints the voice adapter uses, answering as the
 * published description (github:twilio/twilio-oai, twilio_api_v2010.yaml) says: form-encoded bodies,
 * HTTP Basic auth with the account SID and auth token, JSON answers with snake_case fields, list pages
 * keyed by the resource name, errors as { code, message, more_info, status }.
 *   POST   /2010-04-01/Accounts/{AccountSid}/Calls.json                     create a call (201)
 *   POST   /2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json               update: Status / Twiml
 *   GET    /2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers.json      list numbers
 *   POST   /2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers.json      buy a number (201)
 *   DELETE /2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers/{Sid}.json release (204)
 *   GET    /2010-04-01/Accounts/{AccountSid}/AvailablePhoneNumbers/US/Local.json
 *   GET    /2010-04-01/Accounts.json                                        the main account and its subaccounts
 *   POST   /2010-04-01/Accounts.json                                        create a subaccount (FriendlyName)
 * The number calls work under any subaccount of the main one, with the main account's credentials; a
 * suspended or closed subaccount refuses to release its numbers (error 20005, 'Account not active').
 * It also plays Twilio's side of the webhooks: `callback` POSTs signed form parameters to a URL the
 * call was created with, as Twilio would, and returns the TwiML the app answered.
 */

export type FakeTwilio = {
  url: string;
  accountSid: string;
  authToken: string;
  /** Every request: method, path and parsed form body. */
  requests: { method: string; path: string; form: Record<string, string>; authorized: boolean }[];
  calls: Map<string, { sid: string; params: Record<string, string>; updates: Record<string, string>[] }>;
  numbers: { sid: string; phone_number: string; account_sid: string }[];
  /** Subaccounts of the main account. */
  subaccounts: { sid: string; friendly_name: string; status: 'active' | 'suspended' | 'closed' }[];
  failing: boolean;
  /** Signs parameters for a URL the way Twilio does (X-Twilio-Signature). */
  sign(url: string, params: Record<string, string>): string;
  /** POSTs a signed webhook to `url` and returns the app's status and body. */
  callback(
    url: string,
    params: Record<string, string>,
    opts?: { badSignature?: boolean },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
};

const sid = (prefix: string) => prefix + randomBytes(16).toString('hex');

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = sid('AC');
  const authToken = randomBytes(16).toString('hex');
  const base = `/2010-04-01/Accounts/${accountSid}`;
  const fake: FakeTwilio = {
    url: '',
    accountSid,
    authToken,
    requests: [],
    calls: new Map(),
    numbers: [],
    subaccounts: [],
    failing: false,
    sign: (url, params) => twilio.getExpectedTwilioSignature(authToken, url, params),
    async callback(url, params, opts = {}) {
      const signature = opts.badSignature
        ? fake.sign(url, { ...params, Tampered: '1' })
        : fake.sign(url, params);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body: new URLSearchParams(params).toString(),
      });
      return { status: res.status, body: await res.text() };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const send = (res: ServerResponse, status: number, body?: object) => {
    res.writeHead(status, body ? { 'content-type': 'application/json' } : {});
    res.end(body ? JSON.stringify(body) : undefined);
  };
  const error = (res: ServerResponse, status: number, code: number, message: string) =>
    send(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
  const page = (key: string, path: string, rows: object[]) => ({
    [key]: rows,
    end: rows.length === 0 ? 0 : rows.length - 1,
    first_page_uri: path,
    next_page_uri: null,
    page: 0,
    page_size: 50,
    previous_page_uri: null,
    start: 0,
    uri: path,
  });
  const accountJson = (a: { sid: string; friendly_name: string; status: string }) => ({
    ...a,
    owner_account_sid: accountSid,
    type: 'Full',
    uri: `/2010-04-01/Accounts/${a.sid}.json`,
  });
  const callJson = (c: { sid: string; params: Record<string, string> }, status: string) => ({
    sid: c.sid,
    account_sid: accountSid,
    to: c.params.To,
    from: c.params.From,
    status,
    direction: 'outbound-api',
    api_version: '2010-04-01',
    uri: `${base}/Calls/${c.sid}.json`,
  });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const form = Object.fromEntries(new URLSearchParams(raw));
      const expected = 'Basic ' + Buffer.from(`${accountSid}:${authToken}`).toString('base64');
      const authorized = req.headers.authorization === expected;
      fake.requests.push({ method: req.method ?? '', path: url.pathname, form, authorized });
      if (fake.failing) return error(res, 500, 20500, 'Internal Server Error');
      if (!authorized) return error(res, 401, 20003, 'Authenticate');
      const p = url.pathname;
      if (req.method === 'POST' && p === `${base}/Calls.json`) {
        if (!form.To || !form.From) return error(res, 400, 21201, 'No called number is specified');
        if (!form.Url && !form.Twiml) return error(res, 400, 21205, 'Url parameter is required.');
        const c = { sid: sid('CA'), params: form, updates: [] };
        fake.calls.set(c.sid, c);
        return send(res, 201, callJson(c, 'queued'));
      }
      const update = new RegExp(`^${base}/Calls/(CA[0-9a-f]+)\\.json$`).exec(p);
      if (req.method === 'POST' && update) {
        const c = fake.calls.get(update[1]!);
        if (!c) return error(res, 404, 20404, 'The requested resource was not found');
        c.updates.push(form);
        return send(res, 200, callJson(c, form.Status ?? 'in-progress'));
      }
      if (p === '/2010-04-01/Accounts.json') {
        if (req.method === 'GET') {
          const main = { sid: accountSid, friendly_name: 'Main account', status: 'active' };
          return send(res, 200, page('accounts', p, [main, ...fake.subaccounts].map(accountJson)));
        }
        const a = {
          sid: sid('AC'),
          friendly_name: form.FriendlyName ?? 'SubAccount',
          status: 'active' as const,
        };
        fake.subaccounts.push(a);
        return send(res, 201, accountJson(a));
      }
      const numbersOf =
        /^\/2010-04-01\/Accounts\/(AC[0-9a-f]+)\/IncomingPhoneNumbers(?:\/(PN[0-9a-f]+))?\.json$/.exec(p);
      const owner =
        numbersOf &&
        (numbersOf[1] === accountSid ? null : fake.subaccounts.find((a) => a.sid === numbersOf[1]));
      if (numbersOf && owner === undefined)
        return error(res, 404, 20404, 'The requested resource was not found');
      if (numbersOf && !numbersOf[2]) {
        const acc = numbersOf[1]!;
        if (req.method === 'GET')
          return send(
            res,
            200,
            page(
              'incoming_phone_numbers',
              p,
              fake.numbers.filter((n) => n.account_sid === acc),
            ),
          );
        if (!form.PhoneNumber && !form.AreaCode) return error(res, 400, 21421, 'PhoneNumber is required.');
        if (owner && owner.status !== 'active') return error(res, 403, 20005, 'Account not active');
        const n = {
          sid: sid('PN'),
          account_sid: acc,
          phone_number: form.PhoneNumber ?? `+1${form.AreaCode}5550123`,
          voice_url: form.VoiceUrl ?? null,
        };
        fake.numbers.push(n);
        return send(res, 201, n);
      }
      if (req.method === 'DELETE' && numbersOf?.[2]) {
        const i = fake.numbers.findIndex((n) => n.sid === numbersOf[2] && n.account_sid === numbersOf[1]);
        if (i < 0) return error(res, 404, 20404, 'The requested resource was not found');
        if (owner && owner.status !== 'active') return error(res, 403, 20005, 'Account not active');
        fake.numbers.splice(i, 1);
        return send(res, 204);
      }
      if (req.method === 'GET' && p === `${base}/AvailablePhoneNumbers/US/Local.json`) {
        const area = url.searchParams.get('AreaCode') ?? '916';
        // The first number of the area code nobody rents yet (555-0142, then 555-0143, …).
        let n = 142;
        while (fake.numbers.some((x) => x.phone_number === `+1${area}5550${n}`)) n++;
        return send(
          res,
          200,
          page('available_phone_numbers', p, [
            {
              phone_number: `+1${area}5550${n}`,
              friendly_name: `(${area}) 555-0${n}`,
              iso_country: 'US',
              capabilities: { voice: true, SMS: true, MMS: false },
            },
          ]),
        );
      }
      return error(res, 404, 20404, 'The requested resource was not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/**
 * Posts one of Twilio's webhooks to an app as Twilio would: form-encoded, with the account's id, and
 * signed for `publicUrl + signedFor` (the path itself unless a test signs for another to be refused).
 */
export function postTwilioWebhook(
  app: FastifyInstance,
  fake: FakeTwilio,
  publicUrl: string,
  path: string,
  params: Record<string, string>,
  signedFor = path,
) {
  const p = { AccountSid: fake.accountSid, ...params };
  return app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': fake.sign(publicUrl + signedFor, p),
    },
    payload: new URLSearchParams(p).toString(),
  });
}
