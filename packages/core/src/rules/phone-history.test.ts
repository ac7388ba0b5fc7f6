import { describe, expect, it } from 'vitest';
import { describePhoneEvent } from './phone-history.js';

describe('a phone history line', () => {
  it('names the import file, the list and the importer of an imported phone', () => {
    expect(
      describePhoneEvent({
        event: 'added',
        fromStatus: null,
        toStatus: '',
        primary: true,
        origin: { source: 'import', fileName: 'leads.csv', listName: 'Spring', userName: 'Maya' },
      }),
    ).toBe('Added from the import of leads.csv into list Spring by Maya');
  });

  it('quotes the text that opted a phone out', () => {
    expect(
      describePhoneEvent({
        event: 'status',
        fromStatus: '',
        toStatus: 'DNC',
        primary: false,
        origin: { source: 'text', body: 'STOP' },
      }),
    ).toBe('Marked DNC by a text they sent: “STOP”');
  });

  it('says who cleared a status and who made a phone primary', () => {
    const by = { source: 'member' as const, userName: 'Ana' };
    expect(
      describePhoneEvent({
        event: 'status',
        fromStatus: 'Wrong #',
        toStatus: '',
        primary: false,
        origin: by,
      }),
    ).toBe('Wrong # cleared by Ana');
    expect(
      describePhoneEvent({ event: 'added', fromStatus: null, toStatus: '', primary: false, origin: by }),
    ).toBe('Added by Ana');
    expect(
      describePhoneEvent({ event: 'primary', fromStatus: '', toStatus: '', primary: true, origin: by }),
    ).toBe('Made primary by Ana');
  });

  it('shortens a long text to sixty characters', () => {
    const line = describePhoneEvent({
      event: 'added',
      fromStatus: null,
      toStatus: 'DNC',
      primary: false,
      origin: { source: 'text', body: 'x'.repeat(100) },
    });
    expect(line).toBe(`Added as DNC from a text they sent: “${'x'.repeat(59)}…”`);
  });
});
