import { describe, expect, it } from 'vitest';
import {
  nextRetryDelayMs,
  shouldDisableEndpoint,
  signedContent,
  signingSecrets,
  WEBHOOK_EVENTS,
  WEBHOOK_RETRY_SCHEDULE_MS,
  WEBHOOK_SAMPLES,
  contactCreatedData,
  webhookMessageId,
} from './webhooks.js';

const H = 3_600_000;

describe('the webhook retry schedule', () => {
  it('makes 8 attempts over about a day, as Svix does: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7].map((n) => nextRetryDelayMs(n));
    expect(waits).toEqual([5000, 300_000, 1_800_000, 2 * H, 5 * H, 10 * H, 10 * H]);
    expect(nextRetryDelayMs(8)).toBeNull();
    const total = WEBHOOK_RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0);
    expect(total / H).toBeGreaterThan(24);
    expect(total / H).toBeLessThan(30);
  });

  it('follows a schedule it is given', () => {
    expect(nextRetryDelayMs(1, [0, 10, 20])).toBe(10);
    expect(nextRetryDelayMs(3, [0, 10, 20])).toBeNull();
  });
});

describe('disabling an endpoint', () => {
  const since = new Date('2026-11-01T00:00:00Z');
  it('happens once every attempt has failed for 5 days, not before, and never while it succeeds', () => {
    expect(shouldDisableEndpoint(since, new Date(since.getTime() + 5 * 24 * H - 1))).toBe(false);
    expect(shouldDisableEndpoint(since, new Date(since.getTime() + 5 * 24 * H))).toBe(true);
    expect(shouldDisableEndpoint(null, new Date(since.getTime() + 50 * 24 * H))).toBe(false);
  });
});

describe('signing', () => {
  it('signs `${id}.${timestamp}.${body}`', () => {
    expect(signedContent('msg_1', 1700000000, '{"a":1}')).toBe('msg_1.1700000000.{"a":1}');
  });

  it('signs with the previous secret too only until its overlap ends', () => {
    const e = { secret: 'new', previousSecret: 'old', previousUntil: new Date('2026-11-29T12:00:00Z') };
    expect(signingSecrets(e, new Date('2026-11-29T11:59:59Z'))).toEqual(['new', 'old']);
    expect(signingSecrets(e, new Date('2026-11-29T12:00:00Z'))).toEqual(['new']);
    expect(signingSecrets({ secret: 'only', previousSecret: null, previousUntil: null }, new Date())).toEqual(
      ['only'],
    );
  });

  it('gives a delivery one webhook-id for all its attempts', () => {
    expect(webhookMessageId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(
      'msg_0f8fad5bd9cb469fa16570867728950e',
    );
  });
});

describe('event samples', () => {
  it('exist for every event a subscription may ask for', () => {
    expect(Object.keys(WEBHOOK_SAMPLES).sort()).toEqual([...WEBHOOK_EVENTS].sort());
  });
});

describe('contact.created', () => {
  it('has one shape whichever way the contact was made, with its source, and the sample has it too', () => {
    const data = contactCreatedData({
      contactId: 'c1',
      firstName: '',
      phones: ['+19164327788'],
      emails: [],
      createdAt: new Date('2026-11-28T15:00:00.000Z'),
      source: 'import',
      listId: 'l1',
    });
    expect(data).toEqual({
      contactId: 'c1',
      firstName: null,
      lastName: null,
      phones: ['+19164327788'],
      emails: [],
      source: 'import',
      listId: 'l1',
      createdAt: '2026-11-28T15:00:00.000Z',
    });
    expect(Object.keys(WEBHOOK_SAMPLES['contact.created']).sort()).toEqual(Object.keys(data).sort());
  });
});
