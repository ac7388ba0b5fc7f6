import { describe, expect, it } from 'vitest';
import { importResult } from '../contract/lists/dto.js';
import {
  csvLine,
  csvSafeCell,
  emptyImportResult,
  estimatedArrival,
  importValue,
  isValidCountryCode,
  progressBarWidth,
  rowLimitMessage,
  splitFullName,
  titleCase,
} from './lists.js';

describe('import rules', () => {
  it('starts an import with a tally of zeros that the contract accepts, a fresh one each time', () => {
    const first = emptyImportResult();
    first.rowsRead = 5;
    first.dropped['Empty row'] = 1;

    const second = emptyImportResult();
    expect(importResult.parse(second)).toEqual(second);
    expect(second.rowsRead).toBe(0);
    expect(second.dropped).toEqual({});
  });

  it('states the row limit it enforces', () => {
    expect(rowLimitMessage(10_000)).toBe('You can import maximum 10,000 rows at a time');
  });

  it('takes a country code only with a plus and 1 to 4 digits', () => {
    expect(['+1', '+44', '+1246'].map(isValidCountryCode)).toEqual([true, true, true]);
    expect(['1', '+', '+0', '+12345', '44'].map(isValidCountryCode)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('title-cases values but keeps codes, zips and websites as they are', () => {
    expect(titleCase("JOHN O'NEIL-SMITH")).toBe("John O'Neil-Smith");
    expect(titleCase('1808  FOX CHASE DR')).toBe('1808 Fox Chase Dr');
    expect(titleCase('1ST AVE NW')).toBe('1st Ave NW');
    expect(titleCase('4877 terrace dr ne')).toBe('4877 Terrace Dr NE');
    expect(importValue('State', 'tn')).toBe('tn');
    expect(importValue('Zip', '010001')).toBe('010001');
    expect(importValue('City', 'GOODLETTSVILLE')).toBe('Goodlettsville');
  });

  it('never title-cases links, e-mails, numbers, codes or words already written in mixed case', () => {
    const kept: [string, string][] = [
      ['URL', 'https://www.redfin.com/TN/Nashville/1808-Fox-Chase-Dr-37072/home/123'],
      ['Listing', 'www.zillow.com/homedetails/123_zpid/'],
      ['Notes', 'reach me at Ann.Lee@Example.com'],
      ['Owner site', 'acme-realty.com'],
      ['Style', 'Co-op'],
      ['Owner', 'Ronald McDonald'],
      ['Unit', '4B'],
      ['Unit', '#12A'],
      ['Price', '$1,250,000'],
    ];
    for (const [field, value] of kept) expect(importValue(field, value), value).toBe(value);
    expect(importValue('Address', '1808 FOX CHASE DR UNIT 4B')).toBe('1808 Fox Chase Dr Unit 4B');
    expect(importValue('Address', '22ND ST')).toBe('22nd St');
    expect(importValue('Owner', 'JOHN SMITH')).toBe('John Smith');
    expect(importValue('Owner', 'mary ann lee')).toBe('Mary Ann Lee');
  });

  it('splits full names written either way round', () => {
    expect(splitFullName('FRAZIER, CYRENTHA LYNETTE')).toEqual({
      first: 'CYRENTHA LYNETTE',
      last: 'FRAZIER',
    });
    expect(splitFullName('Ann Marie Lee')).toEqual({ first: 'Ann Marie', last: 'Lee' });
    expect(splitFullName('Cher')).toEqual({ first: 'Cher', last: '' });
  });
});

describe('list progress', () => {
  it('never draws the bar narrower than 9%', () => {
    expect([0, 5, 9, 50, 100, 120].map(progressBarWidth)).toEqual([9, 9, 9, 50, 100, 100]);
  });

  it('estimates arrival as createdAt plus itemCount × 2/6 milliseconds', () => {
    expect(estimatedArrival(new Date('2026-01-01T00:00:00Z'), 9000).toISOString()).toBe(
      '2026-01-01T00:00:03.000Z',
    );
  });
});

describe('CSV export', () => {
  it('defuses cells a spreadsheet would run as formulas and leaves numbers and phones alone', () => {
    expect(csvSafeCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(csvSafeCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvSafeCell('-2+3')).toBe(`'-2+3`);
    expect(csvSafeCell('+13347938701')).toBe('+13347938701');
    expect(csvSafeCell('-12.5')).toBe('-12.5');
    expect(csvSafeCell('Ann')).toBe('Ann');
  });

  it('quotes cells with commas, quotes and line breaks', () => {
    expect(csvLine(['a,b', 'say "hi"', 'x\ny', null, 3])).toBe('"a,b","say ""hi""","x\ny",,3');
  });
});
