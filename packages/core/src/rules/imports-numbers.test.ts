import { describe, expect, it } from 'vitest';
import { parseImportNumber } from './imports-numbers.js';

describe('reading a cell into a Number field', () => {
  it('reads thousands separators, currency and decimals as the number they write', () => {
    expect(parseImportNumber('1,250')).toBe(1250);
    expect(parseImportNumber('$1,250.00')).toBe(1250);
    expect(parseImportNumber(' 1,250,000 ')).toBe(1_250_000);
    expect(parseImportNumber('€ 980.5')).toBe(980.5);
    expect(parseImportNumber('1 250')).toBe(1250);
    expect(parseImportNumber('2\u00a0500')).toBe(2500);
    expect(parseImportNumber('.75')).toBe(0.75);
    expect(parseImportNumber('0')).toBe(0);
  });

  it('reads a minus sign, a minus before the currency and accounting parentheses as negative', () => {
    expect(parseImportNumber('-3.5')).toBe(-3.5);
    expect(parseImportNumber('-$1,250.00')).toBe(-1250);
    expect(parseImportNumber('$-40')).toBe(-40);
    expect(parseImportNumber('(300)')).toBe(-300);
    expect(parseImportNumber('\u2212 12')).toBe(-12);
    expect(parseImportNumber('+7')).toBe(7);
  });

  it('reads a percentage as the number written', () => {
    expect(parseImportNumber('12%')).toBe(12);
    expect(parseImportNumber('4.5 %')).toBe(4.5);
  });

  it('refuses what is not one number, or is ambiguous, rather than guess', () => {
    for (const raw of [
      '',
      '  ',
      'n/a',
      'TBD',
      '1,25',
      '1.250,00',
      '12,50',
      '1.2.3',
      '1,2345',
      '$',
      '12abc',
      '3-4',
      '(-5)',
      '1e5',
      'Infinity',
    ])
      expect(parseImportNumber(raw), raw).toBeNull();
  });
});
