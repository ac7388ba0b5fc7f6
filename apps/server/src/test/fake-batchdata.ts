import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local HTTP fake of BatchData's V3 property skip trace (POST /api/v3/property/skip-trace), answering
 * as its documentation says: a Bearer key, at most 100 `requests` of `propertyAddress` + optional
 * `name` + `requestId`, and `{ status: { code, text }, result: { data: [{ input, persons, meta: {
 * matched, error } }] } }`; 401 for a wrong key, 400 for more than 100 requests, 429 / 500 when told to
 * fail. Bound to 127.0.0.1. Every address it was asked about is counted, to prove none is asked twice.
 */

export type FakeRequestItem = {
  requestId?: string;
  propertyAddress?: { street?: string; city?: string; state?: string; zip?: string };
  name?: { first?: string; last?: string };
};

export type FakePhone = { number: string; type: string; dnc: boolean; tcpa: boolean; rank: number };
export type FakeAnswer = {
  matched: boolean;
  persons: {
    name: { first: string; last: string; full: string };
    phones: FakePhone[];
    emails: { email: string; rank: number }[];
  }[];
};

export type FakeBatchData = {
  url: string;
  key: string;
  /** Each request's body, in order. */
  requests: { authorization: string | undefined; body: { requests: FakeRequestItem[]; options?: object } }[];
  /** How many times each address ('street|city|state|zip') was asked about. */
  asked: Map<string, number>;
  /** The answer given for each address asked. */
  answers: Map<string, FakeAnswer>;
  /** Milliseconds each answer waits. */
  latencyMs: number;
  /** Which addresses are misses (default: none). */
  missWhen: (item: FakeRequestItem) => boolean;
  /** The next N requests answer this HTTP status (429, 500) and are not counted as asked. */
  failNext: { count: number; status: number };
  close(): Promise<void>;
};

export const addressKey = (a: FakeRequestItem['propertyAddress']) =>
  [a?.street ?? '', a?.city ?? '', a?.state ?? '', a?.zip ?? ''].join('|');

/**
 * Answers a hit with one person named as asked (or 'Pat Doe'): a mobile phone (rank 1), a landline
 * (rank 2, on the DNC registry for every other hit) and an e-mail. Numbers are real-format, distinct
 * for every address (+1 206 2xx xxxx).
 */
export async function startFakeBatchData(opts: { latencyMs?: number } = {}): Promise<FakeBatchData> {
  let seq = 0;
  const fake: FakeBatchData = {
    url: '',
    key: 'fake-batchdata-key-123',
    requests: [],
    asked: new Map(),
    answers: new Map(),
    latencyMs: opts.latencyMs ?? 0,
    missWhen: () => false,
    failNext: { count: 0, status: 500 },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function answerFor(item: FakeRequestItem): FakeAnswer {
    const key = addressKey(item.propertyAddress);
    const known = fake.answers.get(key);
    if (known) return known;
    if (fake.missWhen(item)) {
      const miss = { matched: false, persons: [] };
      fake.answers.set(key, miss);
      return miss;
    }
    const n = seq++;
    const first = item.name?.first ?? 'Pat';
    const last = item.name?.last ?? 'Doe';
    const num = (k: number) => `+1206${String(2_000_000 + n * 2 + k).padStart(7, '0')}`;
    const hit: FakeAnswer = {
      matched: true,
      persons: [
        {
          name: { first, last, full: `${first} ${last}` },
          phones: [
            { number: num(1), type: 'Land Line', dnc: n % 2 === 0, tcpa: false, rank: 2 },
            { number: num(0), type: 'Mobile', dnc: false, tcpa: false, rank: 1 },
          ],
          emails: [{ email: `owner${n}@example.com`, rank: 1 }],
        },
      ],
    };
    fake.answers.set(key, hit);
    return hit;
  }

  const reply = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || req.url !== '/api/v3/property/skip-trace')
          return reply(res, 404, { status: { code: 404, text: 'Not Found' } });
        if (req.headers.authorization !== `Bearer ${fake.key}`)
          return reply(res, 401, {
            status: { code: 401, text: 'Unauthorized', message: 'Invalid API token' },
          });
        let body: FakeBatchData['requests'][number]['body'];
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return reply(res, 400, { status: { code: 400, text: 'Bad Request', message: 'Invalid JSON' } });
        }
        fake.requests.push({ authorization: req.headers.authorization, body });
        if (fake.latencyMs) await new Promise((r) => setTimeout(r, fake.latencyMs));
        if (fake.failNext.count > 0) {
          fake.failNext.count--;
          const status = fake.failNext.status;
          return reply(res, status, {
            status: { code: status, text: status === 429 ? 'Too Many Requests' : 'Error' },
          });
        }
        const items = Array.isArray(body.requests) ? body.requests : [];
        if (items.length === 0 || items.length > 100)
          return reply(res, 400, {
            status: { code: 400, text: 'Bad Request', message: 'requests must hold 1 to 100 items' },
          });
        const data = items.map((item) => {
          const key = addressKey(item.propertyAddress);
          fake.asked.set(key, (fake.asked.get(key) ?? 0) + 1);
          const a = answerFor(item);
          return {
            input: { requestId: item.requestId, propertyAddress: item.propertyAddress },
            persons: a.persons,
            meta: { matched: a.matched, error: false },
          };
        });
        reply(res, 200, { status: { code: 200, text: 'OK' }, result: { data } });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
