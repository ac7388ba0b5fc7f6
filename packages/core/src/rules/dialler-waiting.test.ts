import { describe, expect, it } from 'vitest';
import { diallerWaiting, type DiallerQueueFacts } from './dialler-waiting.js';

// 2026-01-05 15:00 UTC: 10:00 in New York (calling hours), 5:00 in Honolulu and 7:00 in Los Angeles (quiet).
const now = new Date('2026-01-05T15:00:00Z');
const entry = (o: Partial<DiallerQueueFacts> & { zone?: string; status?: '' | 'DNC' | 'Wrong #' }) => ({
  callStatus: null,
  phone: { value: '+12125550100', status: o.status ?? '' },
  zones: [o.zone ?? 'America/New_York'],
  hasStatus: true,
  ...o,
});
const none = { noStatusCalls: false };

describe('why the dialler is not calling a queue', () => {
  it('counts the contacts waiting for their calling hours, until the first of them wakes', () => {
    const w = diallerWaiting(
      [
        entry({ zone: 'Pacific/Honolulu' }),
        entry({ zone: 'America/Los_Angeles' }),
        entry({ zone: 'Pacific/Honolulu' }),
      ],
      now,
      'America/New_York',
      none,
    );
    expect(w.callable).toBe(0);
    // 8:00 in Los Angeles (16:00 UTC) comes before 8:00 in Honolulu (18:00 UTC).
    expect(w.groups).toEqual([{ reason: 'quietHours', count: 3, until: new Date('2026-01-05T16:00:00Z') }]);
    expect(w.nextCallAt).toEqual(new Date('2026-01-05T16:00:00Z'));
  });

  it('says the next call goes now while one contact is callable', () => {
    const w = diallerWaiting([entry({ zone: 'Pacific/Honolulu' }), entry({})], now, 'UTC', none);
    expect(w.callable).toBe(1);
    expect(w.nextCallAt).toEqual(now);
  });

  it('counts DNC, Wrong # and phoneless contacts, queued or already skipped, with no time to give', () => {
    const w = diallerWaiting(
      [
        entry({ status: 'DNC' }),
        entry({ status: 'DNC', callStatus: 'Skipped' }),
        entry({ status: 'Wrong #', callStatus: 'Skipped' }),
        entry({ phone: null, callStatus: 'Skipped' }),
        // Skipped once, its phone usable again: nothing to say about it.
        entry({ callStatus: 'Skipped' }),
        // A call that ended is not waiting.
        entry({ callStatus: 'Done' }),
      ],
      now,
      'UTC',
      none,
    );
    expect(w.groups).toEqual([
      { reason: 'dnc', count: 2, until: null },
      { reason: 'wrongNumber', count: 1, until: null },
      { reason: 'noPhone', count: 1, until: null },
    ]);
    expect(w.callable).toBe(0);
    expect(w.nextCallAt).toBeNull();
  });

  it('counts the contacts with no status that the member has chosen not to call', () => {
    const facts = [entry({ hasStatus: false }), entry({})];
    expect(diallerWaiting(facts, now, 'UTC', { noStatusCalls: true })).toMatchObject({
      callable: 1,
      groups: [{ reason: 'noStatus', count: 1, until: null }],
    });
    expect(diallerWaiting(facts, now, 'UTC', none)).toMatchObject({ callable: 2, groups: [] });
  });
});

describe('the dialler and each state’s law', () => {
  it('holds a Florida contact at 20:30 New York time until 8:00 across Florida, naming Florida’s law; New York’s is called', () => {
    // Monday 5 January 2026, 20:30 in New York.
    const evening = new Date('2026-01-06T01:30:00Z');
    const w = diallerWaiting(
      [entry({ states: ['FL'], zones: ['America/New_York', 'America/Chicago'] }), entry({ states: ['NY'] })],
      evening,
      'America/New_York',
      none,
    );
    expect(w.callable).toBe(1);
    // 8:00 in Pensacola (Central) is 14:00 UTC.
    expect(w.groups).toEqual([
      { reason: 'quietHours', count: 1, until: new Date('2026-01-06T14:00:00Z'), law: 'FL' },
    ]);
  });

  it('holds Florida contacts called or texted 3 times in 24 hours, named by their law, until the first is free', () => {
    const H = 3_600_000;
    // 10:00 in New York. One contact's oldest contact turns 24 hours old at 14:05, the other's at 16:00.
    const first = [new Date(now.getTime() - 20 * H + 5 * 60_000), new Date(now.getTime() - H), now];
    const second = [new Date(now.getTime() - 18 * H), new Date(now.getTime() - H), now];
    const w = diallerWaiting(
      [
        entry({ states: ['FL'], recent: first }),
        entry({ states: ['FL'], recent: second }),
        entry({ states: ['MD'], recent: second }),
        // Two in 24 hours: still callable.
        entry({ states: ['FL'], recent: first.slice(1) }),
        // New York has no such limit.
        entry({ states: ['NY'], recent: [...first, now] }),
      ],
      now,
      'America/New_York',
      none,
    );
    expect(w.callable).toBe(2);
    expect(w.groups).toEqual([
      { reason: 'lawDailyCap', count: 2, until: new Date(now.getTime() + 4 * H + 5 * 60_000), law: 'FL' },
      { reason: 'lawDailyCap', count: 1, until: new Date(now.getTime() + 6 * H), law: 'MD' },
    ]);
  });

  it('gives the first free time as the next call when every contact is held by the limit', () => {
    const H = 3_600_000;
    const recent = [new Date(now.getTime() - 23 * H), new Date(now.getTime() - H), now];
    const w = diallerWaiting([entry({ states: ['OK'], recent })], now, 'UTC', none);
    expect(w.callable).toBe(0);
    expect(w.nextCallAt).toEqual(new Date(now.getTime() + H));
  });
});
