import { describe, expect, it } from 'vitest';
import { diallerWaitingSentence, nextCallSentence } from './waiting-sentences';

const NY = 'America/New_York';
const NOW = new Date('2026-01-05T15:00:00Z');

describe('the dialler says why it is not calling', () => {
  it('says how many wait for their calling hours and until when, in the team zone', () => {
    expect(
      diallerWaitingSentence({ reason: 'quietHours', count: 15, until: '2026-01-05T18:00:00Z' }, NY, NOW),
    ).toBe(
      '15 contacts wait for their calling hours (8 AM to 9 PM in their own time zone), the first until today at 1:00 PM your time.',
    );
    expect(diallerWaitingSentence({ reason: 'dnc', count: 1, until: null }, NY, NOW)).toBe(
      '1 contact is DNC and will not be called.',
    );
    expect(diallerWaitingSentence({ reason: 'wrongNumber', count: 2, until: null }, NY, NOW)).toBe(
      '2 contacts are marked Wrong # and will not be called.',
    );
  });

  it("names the state whose calling hours hold contacts, or the team's own hours", () => {
    expect(
      diallerWaitingSentence(
        { reason: 'quietHours', count: 2, until: '2026-01-06T14:00:00Z', law: 'FL' },
        NY,
        NOW,
      ),
    ).toBe(
      '2 contacts wait for the hours they may be called under Florida (Fla. Stat. § 501.616(6)), 8 AM to 8 PM on weekdays, the first until tomorrow at 9:00 AM your time.',
    );
    expect(
      diallerWaitingSentence({ reason: 'quietHours', count: 1, until: null, law: 'TEAM' }, NY, NOW),
    ).toBe("1 contact waits for the hours they may be called under your team's own hours.");
  });

  it('names the state whose 24-hour limit holds contacts, its statute and when the next may be called', () => {
    expect(
      diallerWaitingSentence(
        { reason: 'lawDailyCap', count: 3, until: '2026-01-05T19:05:00Z', law: 'FL' },
        NY,
        NOW,
      ),
    ).toBe(
      '3 contacts in Florida wait: 3 calls or texts in 24 hours, the most allowed by Florida (Fla. Stat. § 501.616(6)); next today at 2:05 PM your time.',
    );
    expect(
      diallerWaitingSentence(
        { reason: 'lawDailyCap', count: 1, until: '2026-01-06T13:00:00Z', law: 'FL,MD' },
        NY,
        NOW,
      ),
    ).toBe(
      '1 contact in Florida and Maryland waits: 3 calls or texts in 24 hours, the most allowed by Florida (Fla. Stat. § 501.616(6)) and Maryland (Md. Code, Com. Law § 14-4503); next tomorrow at 8:00 AM your time.',
    );
  });

  it('gives the next call time', () => {
    const w = { callable: 0, groups: [], timezone: NY };
    expect(nextCallSentence({ ...w, nextCallAt: '2026-01-06T13:00:00Z' }, NOW)).toBe(
      'Next call: tomorrow at 8:00 AM.',
    );
    expect(nextCallSentence({ ...w, nextCallAt: NOW.toISOString() }, NOW)).toBe('Next call: any moment now.');
    expect(nextCallSentence({ ...w, nextCallAt: null }, NOW)).toBe(
      'Next call: none until you queue contacts the dialler may call.',
    );
  });
});
