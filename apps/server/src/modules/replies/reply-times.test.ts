import { describe, expect, it } from 'vitest';
import { readNamedTime, zoneOffsetMinutes } from './reply-times.js';

// Saturday 28 November 2026, 10:00 in Sacramento (18:00 UTC).
const now = new Date('2026-11-28T18:00:00Z');
const la = 'America/Los_Angeles';

describe('the time a reply names, in the contact’s time zone', () => {
  it('reads a day and an hour as the contact’s local time', () => {
    expect(readNamedTime('Call me tomorrow at 10', now, la)?.toISOString()).toBe('2026-11-29T18:00:00.000Z');
    expect(readNamedTime('Call me tomorrow at 10', now, 'America/New_York')?.toISOString()).toBe(
      '2026-11-29T15:00:00.000Z',
    );
  });

  it('reads Spanish, and an hour without am/pm before 7 as the afternoon', () => {
    expect(readNamedTime('llámame mañana a las 3', now, la)?.toISOString()).toBe('2026-11-29T23:00:00.000Z');
  });

  it('reads a month as a date ahead', () => {
    expect(readNamedTime('Try me again in March', now, la)?.toISOString()).toBe('2027-03-01T20:00:00.000Z');
  });

  it('answers null when the reply names no time', () => {
    expect(readNamedTime('busy rn, call me back', now, la)).toBeNull();
  });

  it('knows a zone’s offset, with summer time', () => {
    expect(zoneOffsetMinutes(la, now)).toBe(-480);
    expect(zoneOffsetMinutes(la, new Date('2026-07-01T12:00:00Z'))).toBe(-420);
    expect(zoneOffsetMinutes('Not/AZone', now)).toBe(0);
  });
});
