import { describe, expect, it } from 'vitest';
import { normalizeImportPhone } from './imports-countries.js';
import { normalizeEmailIdentifier, normalizePhone } from './records.js';
import {
  addressMatchesKey,
  companyFromText,
  companyKeys,
  parseAddressLine,
  propertyKey,
  streetKey,
} from './stacking.js';

describe('contacts stack on their phones and e-mails', () => {
  it('reads a phone by hand as an import reads it, in the home country unless it has a country code', () => {
    for (const typed of ['(334) 793-8701', '334.793.8701', '+1 334 793 8701'])
      expect(normalizePhone(typed)).toBe(normalizeImportPhone(typed, '+1'));
    expect(normalizePhone('020 7946 0958', 'GB')).toBe(normalizeImportPhone('020 7946 0958', '+44'));
    expect(normalizePhone('(792) 220-5500')).toBeNull();
    expect(normalizePhone('12')).toBeNull();
  });
  it('gives a number written nationally and in E.164 the same value', () => {
    expect(normalizePhone('(916) 456-7890')).toBe(normalizePhone('+1 916 456 7890'));
  });
  it('lower-cases e-mails and refuses what is not one', () => {
    expect(normalizeEmailIdentifier(' Ann@Example.COM ')).toBe('ann@example.com');
    expect(normalizeEmailIdentifier('not-an-email')).toBeNull();
  });
});

describe('properties stack on their address', () => {
  it('sees the same property in differently written addresses', () => {
    const a = propertyKey({
      street: '1808 Fox Chase Drive',
      city: 'Goodlettsville',
      state: 'TN',
      zip: '37072-1234',
    });
    const b = propertyKey({
      street: '1808  FOX CHASE DR.',
      city: 'GOODLETTSVILLE',
      state: 'tn',
      zip: '37072',
    });
    expect(a).toBe(b);
    expect(propertyKey({ street: '1810 Fox Chase Dr', city: 'Goodlettsville' })).not.toBe(a);
    expect(propertyKey({ street: '  ' })).toBeNull();
  });

  it('reads an address typed on one line as street, city, state and zip', () => {
    expect(parseAddressLine('4877 Terrace Dr NE, Seattle, wa 98105')).toEqual({
      street: '4877 Terrace Dr NE',
      city: 'Seattle',
      state: 'WA',
      zip: '98105',
    });
    expect(parseAddressLine('4877 Terrace Dr NE')).toEqual({ street: '4877 Terrace Dr NE' });
    expect(parseAddressLine(' 4877  Terrace Dr NE , Seattle ')).toEqual({
      street: '4877 Terrace Dr NE',
      city: 'Seattle',
    });
    expect(parseAddressLine('12 Elm St, Apt 2, Springfield, IL')).toEqual({
      street: '12 Elm St Apt 2',
      city: 'Springfield',
      state: 'IL',
    });
    expect(parseAddressLine('12 Elm St, 62701')).toEqual({ street: '12 Elm St', zip: '62701' });
  });

  it('finds an imported property by its street typed alone, written another way', () => {
    const imported = propertyKey({
      street: '4877 Terrace Dr NE',
      city: 'Seattle',
      state: 'WA',
      zip: '98105',
    })!;
    expect(imported.split('|')[1]).toBe(streetKey('4877 TERRACE DRIVE NE'));
    expect(addressMatchesKey(parseAddressLine('4877 terrace drive ne'), imported)).toBe(true);
    expect(addressMatchesKey(parseAddressLine('4877 Terrace Dr NE, seattle'), imported)).toBe(true);
    expect(addressMatchesKey(parseAddressLine('4877 Terrace Dr NE, Seattle, WA 98105-2231'), imported)).toBe(
      true,
    );
  });

  it('keeps apart a property on another street or in another city', () => {
    const imported = propertyKey({ street: '4877 Terrace Dr NE', city: 'Seattle', state: 'WA' })!;
    expect(addressMatchesKey(parseAddressLine('4879 Terrace Dr NE'), imported)).toBe(false);
    expect(addressMatchesKey(parseAddressLine('4877 Terrace Dr NE, Portland, OR'), imported)).toBe(false);
    expect(addressMatchesKey(parseAddressLine('4877 Terrace Dr NE'), 'cn|4877 ter dr ne')).toBe(false);
  });
});

describe('companies stack on their name or website', () => {
  it('matches a company by its name or by its website host', () => {
    expect(companyKeys({ name: 'Acme, Inc.', website: 'https://www.acme.com/about' })).toEqual([
      'cn|acme',
      'cw|acme.com',
    ]);
    expect(companyKeys({ name: 'ACME INC' })).toEqual(['cn|acme']);
    expect(companyKeys({ website: 'not a site' })).toEqual([]);
  });
  it('reads a company typed by hand as a website when it is one, else as a name', () => {
    expect(companyFromText(' acme.com ')).toEqual({ website: 'acme.com' });
    expect(companyFromText('Acme Roofing LLC')).toEqual({ name: 'Acme Roofing LLC' });
    expect(companyFromText('Acme Co. Ltd')).toEqual({ name: 'Acme Co. Ltd' });
  });
});
