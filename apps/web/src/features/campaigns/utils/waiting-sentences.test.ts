import { describe, expect, it } from 'vitest';
import { WAIT_REASONS } from '@prospector/core';
import { formatWhen, nextTextSentence, waitingSentence } from './waiting-sentences';

// Monday 5 January 2026, 9:30 in New York.
const NOW = new Date('2026-01-05T14:30:00Z');
const NY = 'America/New_York';

describe('formatWhen', () => {
  it("says today, tomorrow, the weekday or the date, in the team's zone", () => {
    expect(formatWhen('2026-01-05T16:00:00Z', NY, NOW)).toBe('today at 11:00 AM');
    expect(formatWhen('2026-01-06T14:00:00Z', NY, NOW)).toBe('tomorrow at 9:00 AM');
    expect(formatWhen('2026-01-09T14:00:00Z', NY, NOW)).toBe('on Friday at 9:00 AM');
    expect(formatWhen('2026-01-14T14:00:00Z', NY, NOW)).toBe('on Jan 14 at 9:00 AM');
    // 23:30 on Monday in New York is already Tuesday in UTC: the zone decides.
    expect(formatWhen('2026-01-06T04:30:00Z', NY, NOW)).toBe('today at 11:30 PM');
  });
});

describe('waitingSentence', () => {
  const g = (
    reason: Parameters<typeof waitingSentence>[0]['reason'],
    count: number,
    until: string | null = null,
    field: string | null = null,
  ) => waitingSentence({ reason, count, until, field }, NY, NOW);

  it('says how many wait, why, and until when', () => {
    expect(g('quietHours', 312, '2026-01-05T16:00:00Z')).toBe(
      '312 recipients are in quiet hours in their own time zone (9 PM to 8 AM), until today at 11:00 AM your time.',
    );
    expect(g('outsideWindow', 1, '2026-01-06T14:00:00Z')).toBe(
      "1 recipient waits for the campaign's sending hours, which open tomorrow at 9:00 AM.",
    );
    expect(g('deviceLimit', 1100, '2026-01-06T05:00:00Z')).toBe(
      "1,100 recipients wait because the campaign's devices reached their daily texting limit. It starts again at midnight; you can raise it in Settings > Other.",
    );
    expect(g('planLimit', 3, '2026-02-01T05:00:00Z')).toBe(
      "3 recipients wait because the team's plan has used its texts for this month. Texts resume on Feb 1 at 12:00 AM, or at once on a paid plan (Settings > Billing).",
    );
    expect(g('missingField', 45, null, 'First name')).toBe(
      '45 recipients were skipped for having no First name. A fallback such as **First name|there** texts them in your next campaign.',
    );
  });

  it('has a sentence for every reason', () => {
    for (const reason of WAIT_REASONS)
      expect(g(reason, 2, '2026-01-06T14:00:00Z', 'City')).toMatch(/^2 recipients .+\.$/);
  });
});

describe('nextTextSentence', () => {
  const base = { nextTextAt: '2026-01-06T14:00:00Z', paused: false, finished: false, pending: 4 };
  it('gives the next text in the team’s zone, or says why there is none', () => {
    expect(nextTextSentence(base, NY, NOW)).toBe('Next text: tomorrow at 9:00 AM.');
    expect(nextTextSentence({ ...base, nextTextAt: NOW.toISOString() }, NY, NOW)).toBe(
      'Next text: any moment now.',
    );
    expect(nextTextSentence({ ...base, paused: true }, NY, NOW)).toBe(
      'Next text: none while the campaign is paused.',
    );
    expect(nextTextSentence({ ...base, nextTextAt: null }, NY, NOW)).toBe(
      'Next text: none until the problem below is fixed.',
    );
  });
  it('says nothing once no one is left to text', () => {
    expect(nextTextSentence({ ...base, pending: 0 }, NY, NOW)).toBeNull();
    expect(nextTextSentence({ ...base, finished: true }, NY, NOW)).toBeNull();
  });
});
