import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeBatchData, type FakeBatchData } from '../../test/fake-batchdata.js';
import { createBatchData } from './batchdata.js';
import { SkiptraceFailedError, type TraceRequest } from './skiptrace.js';

let fake: FakeBatchData;
beforeAll(async () => {
  fake = await startFakeBatchData();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.asked.clear();
  fake.answers.clear();
  fake.missWhen = () => false;
  fake.failNext = { count: 0, status: 500 };
});

const req = (i: number, owner = 'Ann Lee'): TraceRequest => ({
  id: `p${i}`,
  street: `${i} Pike St`,
  city: 'Seattle',
  state: 'WA',
  zip: '98101',
  owner,
});

describe('the BatchData V3 adapter', () => {
  it('posts the documented request: Bearer key, propertyAddress, name, requestId, TCPA phones included', async () => {
    const bd = createBatchData({ key: fake.key, baseUrl: fake.url });
    await bd.trace([req(1, 'Ann Marie Lee'), req(2, 'ACME')]);
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.authorization).toBe(`Bearer ${fake.key}`);
    expect(sent.body.options).toEqual({ includeTCPABlacklistedPhones: true });
    expect(sent.body.requests[0]).toEqual({
      requestId: 'p1',
      propertyAddress: { street: '1 Pike St', city: 'Seattle', state: 'WA', zip: '98101' },
      name: { first: 'Ann', last: 'Marie Lee' },
    });
    // A one-word owner (a company) is not sent as a person's name.
    expect(sent.body.requests[1]).not.toHaveProperty('name');
  });

  it('sends at most 100 addresses a request', async () => {
    const bd = createBatchData({ key: fake.key, baseUrl: fake.url });
    const out = await bd.trace(Array.from({ length: 250 }, (_, i) => req(i)));
    expect(fake.requests.map((r) => r.body.requests.length).sort((a, b) => b - a)).toEqual([100, 100, 50]);
    expect(out.size).toBe(250);
  });

  it('maps persons, phones in rank order with their line type and DNC flag, e-mails, and misses', async () => {
    fake.missWhen = (item) => item.requestId === 'p2';
    const bd = createBatchData({ key: fake.key, baseUrl: fake.url });
    const out = await bd.trace([req(1), req(2)]);
    expect(out.get('p2')).toEqual({ matched: false, persons: [] });
    const hit = out.get('p1')!;
    expect(hit.matched).toBe(true);
    const answer = fake.answers.get('1 Pike St|Seattle|WA|98101')!;
    const [landline, mobile] = answer.persons[0]!.phones;
    expect(hit.persons).toEqual([
      {
        firstName: 'Ann',
        lastName: 'Lee',
        phones: [
          { number: mobile!.number, lineType: 'mobile', dnc: false },
          { number: landline!.number, lineType: 'landline', dnc: landline!.dnc },
        ],
        emails: [answer.persons[0]!.emails[0]!.email],
      },
    ]);
  });

  it('a refused key is a permanent failure; a rate limit may pass', async () => {
    const wrong = createBatchData({ key: 'not-the-key-000', baseUrl: fake.url });
    const refused = await wrong.trace([req(1)]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SkiptraceFailedError);
    expect((refused as SkiptraceFailedError).permanent).toBe(true);
    fake.failNext = { count: 1, status: 429 };
    const bd = createBatchData({ key: fake.key, baseUrl: fake.url });
    const limited = await bd.trace([req(1)]).catch((e: unknown) => e);
    expect((limited as SkiptraceFailedError).permanent).toBe(false);
    expect(fake.asked.size).toBe(0);
  });

  it('an unreachable provider is a failure that may pass', async () => {
    const bd = createBatchData({ key: fake.key, baseUrl: 'http://127.0.0.1:9' });
    const err = await bd.trace([req(1)]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SkiptraceFailedError);
    expect((err as SkiptraceFailedError).permanent).toBe(false);
  });
});
