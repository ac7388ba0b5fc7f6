import { describe, expect, it } from 'vitest';
import { normalizeImportPhone, resolveCountry, rowPhoneRegion } from './imports-countries.js';

describe("a row's country", () => {
  it('is read from ISO codes and English names in any case', () => {
    const read: [string, string][] = [
      ['GB', 'GB'],
      ['gbr', 'GB'],
      ['United Kingdom', 'GB'],
      ['UK', 'GB'],
      ['England', 'GB'],
      ['Brazil', 'BR'],
      ['BR', 'BR'],
      ['bra', 'BR'],
      ['Brasil', 'BR'],
      ['Germany', 'DE'],
      ['Deutschland', 'DE'],
      ['AUS', 'AU'],
      ['india', 'IN'],
      ['México', 'MX'],
      ['U.S.A.', 'US'],
      ['United States of America', 'US'],
      [' the Netherlands ', 'NL'],
      ['Côte d’Ivoire', 'CI'],
      ['Ivory Coast', 'CI'],
      ['Korea, Republic of', 'KR'],
      ['South Korea', 'KR'],
      ['Türkiye', 'TR'],
      ['Turkey', 'TR'],
      ['Trinidad & Tobago', 'TT'],
      ['St. Lucia', 'LC'],
      ['Hong Kong', 'HK'],
      ['Kosovo', 'XK'],
      ['Viet Nam', 'VN'],
    ];
    for (const [value, code] of read) expect(resolveCountry(value), value).toBe(code);
  });

  it('is unknown for a place that is no country, or one without phone numbers', () => {
    for (const value of ['Atlantis', 'N/A', 'XX', 'Europe', 'Antarctica', 'AQ', '44'])
      expect(resolveCountry(value), value).toBeNull();
  });

  it("falls back to the import's country code when the cell is blank, and says so when it names no country", () => {
    expect(rowPhoneRegion('GB', '+1')).toEqual({ region: { country: 'GB' }, unrecognised: false });
    expect(rowPhoneRegion('  ', '+1')).toEqual({ region: { callingCode: '1' }, unrecognised: false });
    expect(rowPhoneRegion(undefined, '+44')).toEqual({ region: { callingCode: '44' }, unrecognised: false });
    expect(rowPhoneRegion('Gondor', '+1')).toEqual({ region: { callingCode: '1' }, unrecognised: true });
  });
});

describe("phones read in their row's country", () => {
  const inRow = (phone: string, country: string, fallback = '+1') =>
    normalizeImportPhone(phone, rowPhoneRegion(country, fallback).region);

  it('reads national numbers in the country of their row', () => {
    expect(inRow('2087415189', 'GB')).toBe('+442087415189');
    expect(inRow('(21) 2621-5440', 'Brazil')).toBe('+552126215440');
    expect(inRow('030 901820', 'DE')).toBe('+4930901820');
    expect(inRow('(02) 9374 4000', 'AU')).toBe('+61293744000');
    expect(inRow('98765 43210', 'IN')).toBe('+919876543210');
    expect(inRow('55 1234 5678', 'MX')).toBe('+525512345678');
    expect(inRow('(615) 862-5000', 'US')).toBe('+16158625000');
  });

  it('never moves a number valid in its own country to another plan its digits also fit', () => {
    // London's number is a valid Idaho number too, and a valid Oberhausen one.
    expect(inRow('2087415189', 'GB')).toBe('+442087415189');
    expect(inRow('2087415189', 'US')).toBe('+12087415189');
    expect(inRow('0208 7415189', 'DE')).toBe('+492087415189');
    // Rio's is a valid Manhattan number.
    expect(inRow('(21) 2621-5440', 'BR')).toBe('+552126215440');
  });

  it('takes a number in international form as written, whatever its row says', () => {
    expect(inRow('+44 161 234 5000', 'US')).toBe('+441612345000');
    expect(inRow('+1 512 463 4630', 'Mexico')).toBe('+15124634630');
    expect(inRow('00 44 20 7219 3000', 'GB')).toBe('+442072193000');
    expect(inRow('011 44 20 7219 3000', 'US')).toBe('+442072193000');
  });

  it('refuses a number that fits no plan of its row, without trying other countries', () => {
    expect(inRow('12345', 'GB')).toBeNull();
    expect(inRow('0000 111', 'DE')).toBeNull();
    expect(inRow('(21) 1234', 'BR')).toBeNull();
    expect(inRow('555-0199', 'US')).toBeNull();
    expect(inRow('1234 567 890', 'AU')).toBeNull();
    // Valid in Germany, but not in the United States where its row is.
    expect(inRow('030 901820', 'US')).toBeNull();
  });

  it("reads rows without a usable country with the import's country code", () => {
    expect(inRow('(404) 656-2000', 'Atlantis')).toBe('+14046562000');
    expect(inRow('020 7219 3000', '', '+44')).toBe('+442072193000');
    expect(normalizeImportPhone('(334) 793-8701', '+1')).toBe('+13347938701');
    expect(normalizeImportPhone('(792) 220-5500', '+1')).toBeNull();
    expect(normalizeImportPhone('12', '+1')).toBeNull();
  });
});
