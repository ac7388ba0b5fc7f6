import { describe, expect, it } from 'vitest';
import {
  isValidCompanyName,
  isValidTimeZone,
  subUserPhoneInvalid,
  subUsersToSave,
  timeZoneLabel,
  timeZoneOptions,
  timeZoneMatches,
  timeZoneOffsetMinutes,
  timeZoneSearchText,
  timeZoneNamesText,
  timeZoneRank,
  offsetQueryMinutes,
  isPhoneCountry,
  homeCountry,
  callingCodeOf,
  phoneCountryOptions,
} from './settings.js';

const WINTER = new Date('2026-01-15T12:00:00Z');

describe('company name', () => {
  it('is refused when empty or shorter than 3 characters, spaces aside', () => {
    expect(isValidCompanyName('')).toBe(false);
    expect(isValidCompanyName('  ab  ')).toBe(false);
    expect(isValidCompanyName('Abc')).toBe(true);
    expect(isValidCompanyName('Sierra Realty')).toBe(true);
  });
});

describe('time zones', () => {
  it('take IANA zone names and refuse offsets and unknown names', () => {
    expect(isValidTimeZone('America/Los_Angeles')).toBe(true);
    expect(isValidTimeZone('Etc/GMT+5')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('+05:00')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('are labelled with their UTC offset at the given date', () => {
    expect(timeZoneLabel('America/Los_Angeles', WINTER)).toBe('(UTC\u221208:00) America/Los_Angeles');
    expect(timeZoneLabel('America/Los_Angeles', new Date('2026-07-01T12:00:00Z'))).toBe(
      '(UTC\u221207:00) America/Los_Angeles',
    );
    expect(timeZoneLabel('Asia/Kathmandu', WINTER)).toBe('(UTC+05:45) Asia/Kathmandu');
    expect(timeZoneLabel('UTC', WINTER)).toBe('(UTC+00:00) UTC');
  });

  it('are listed west to east, keeping a saved zone missing from the list', () => {
    const options = timeZoneOptions(['Europe/Paris', 'America/New_York', 'Asia/Tokyo'], WINTER, 'UTC');
    expect(options.map((o) => o.value)).toEqual(['America/New_York', 'UTC', 'Europe/Paris', 'Asia/Tokyo']);
    expect(timeZoneOptions(['Asia/Tokyo'], WINTER, 'Not/AZone').map((o) => o.value)).toEqual(['Asia/Tokyo']);
  });
});

describe('sub-users', () => {
  it('drops rows with an empty name and trims the rest', () => {
    expect(
      subUsersToSave([
        { name: ' Dana ', phone: ' 2125550147 ' },
        { name: ' ', phone: '2125550148' },
        { name: '', phone: '' },
      ]),
    ).toEqual([{ name: 'Dana', phone: '2125550147' }]);
  });

  it('accepts an optional +, a 3-digit area, 3 digits, then 4 to 6 digits, separators aside', () => {
    for (const phone of ['2125550147', '+2125550147', '(212) 555-0147', '212.555.014799', '+212 555 014'])
      expect(subUserPhoneInvalid({ name: 'Dana', phone }), phone).toBe(phone === '+212 555 014');
  });

  it('never flags a row without a name, since it is dropped', () => {
    expect(subUserPhoneInvalid({ name: '  ', phone: 'nonsense' })).toBe(false);
    expect(subUserPhoneInvalid({ name: 'Dana', phone: '' })).toBe(true);
  });
});

describe('finding a time zone by what people type', () => {
  const at = new Date('2026-01-15T12:00:00Z');
  const zones = ['America/Los_Angeles', 'America/New_York', 'Asia/Kolkata', 'Europe/London', 'Asia/Tokyo'];
  const find = (query: string) =>
    zones.filter((zone) =>
      timeZoneMatches(
        { search: timeZoneSearchText(zone, at), offset: timeZoneOffsetMinutes(zone, at) },
        query,
      ),
    );

  it.each([
    ['Los Angeles', ['America/Los_Angeles']],
    ['new york', ['America/New_York']],
    ['PST', ['America/Los_Angeles']],
    ['PDT', ['America/Los_Angeles']],
    ['Eastern', ['America/New_York']],
    ['pacific time', ['America/Los_Angeles']],
    ['-08', ['America/Los_Angeles']],
    ['UTC-5', ['America/New_York']],
    ['+5:30', ['Asia/Kolkata']],
    ['\u221208:00', ['America/Los_Angeles']],
    ['tokyo', ['Asia/Tokyo']],
    ['', zones],
    ['Atlantis', []],
  ])('%s finds %j', (query, expected) => {
    expect(find(query)).toEqual(expected);
  });

  it("finds a zone by a city or country its zone list gives, and ranks a zone's name above its id", () => {
    const places = { 'America/Los_Angeles': ['Pacific Time', 'United States', 'San Diego'] };
    const zone = (id: string) => ({
      search: timeZoneSearchText(id, at, places[id as keyof typeof places]),
      names: timeZoneNamesText(id, at, places[id as keyof typeof places]),
      offset: timeZoneOffsetMinutes(id, at),
    });
    expect(timeZoneMatches(zone('America/Los_Angeles'), 'san diego')).toBe(true);
    expect(timeZoneMatches(zone('America/Los_Angeles'), 'United States')).toBe(true);
    expect(timeZoneMatches(zone('Pacific/Midway'), 'Pacific')).toBe(true);
    expect(timeZoneRank(zone('America/Los_Angeles'), 'Pacific')).toBe(0);
    expect(timeZoneRank(zone('Pacific/Midway'), 'Pacific')).toBe(1);
    expect(timeZoneRank(zone('Pacific/Midway'), '-11')).toBe(0);
  });

  it('reads offsets with or without UTC/GMT, colon, minutes or a true minus sign', () => {
    expect(['-08', '-8', 'UTC-8', 'gmt -08:00', '\u22128'].map(offsetQueryMinutes)).toEqual([
      -480, -480, -480, -480, -480,
    ]);
    expect(offsetQueryMinutes('+0530')).toBe(330);
    expect(offsetQueryMinutes('Eastern')).toBeNull();
  });
});

describe("the team's home country", () => {
  it('is a two-letter code libphonenumber can read numbers of, and nothing else', () => {
    expect(isPhoneCountry('US')).toBe(true);
    expect(isPhoneCountry('GB')).toBe(true);
    expect(isPhoneCountry('gb')).toBe(false);
    expect(isPhoneCountry('UK')).toBe(false);
    expect(isPhoneCountry('USA')).toBe(false);
    expect(isPhoneCountry('')).toBe(false);
  });

  it('falls back to the United States for a code the phone rules would not take', () => {
    expect(homeCountry('GB')).toBe('GB');
    expect(homeCountry('XX')).toBe('US');
    expect(homeCountry(null)).toBe('US');
  });

  it("gives the calling code an import reads the team's phones with", () => {
    expect(callingCodeOf('US')).toBe('+1');
    expect(callingCodeOf('GB')).toBe('+44');
  });

  it('is picked from every such country by English name, with its calling code', () => {
    const options = phoneCountryOptions(new Intl.DisplayNames(['en'], { type: 'region' }));
    expect(options.length).toBeGreaterThan(200);
    expect(options.find((o) => o.value === 'GB')?.label).toBe('United Kingdom (+44)');
    expect(options.find((o) => o.value === 'US')?.label).toBe('United States (+1)');
    const labels = options.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
