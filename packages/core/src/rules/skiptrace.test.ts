import { normalizePhone } from './records.js';
import { describe, expect, it } from 'vitest';
import { PLANS } from './billing.js';
import {
  demoTrace,
  hitFigures,
  isFictionalNumber,
  isHit,
  keepForType,
  lineTypeOf,
  sameName,
  skiptracePrice,
  worstCaseHold,
  type TraceResult,
} from './skiptrace.js';

const phone = (n: number, lineType: 'mobile' | 'landline' | 'other' = 'mobile', dnc = false) => ({
  number: `+1206555010${n}`,
  lineType,
  dnc,
});

describe('skip trace rules', () => {
  it('a single trace costs the default $0.06 a hit and alternate data the plan’s skip price', () => {
    expect(skiptracePrice(PLANS.BASIC, 'single')).toBe(600);
    expect(skiptracePrice(PLANS.BASIC, 'multi')).toBe(700);
    expect(skiptracePrice(PLANS.LITE, 'multi')).toBe(600);
    expect(skiptracePrice(PLANS.PRO, 'multi')).toBe(500);
    expect(worstCaseHold(100, 600)).toBe(60_000);
  });

  it('reads the provider’s phone types as mobile, landline or other', () => {
    expect(lineTypeOf('Mobile')).toBe('mobile');
    expect(lineTypeOf('Land Line')).toBe('landline');
    expect(lineTypeOf('landline')).toBe('landline');
    expect(lineTypeOf('VoIP')).toBe('other');
    expect(lineTypeOf(undefined)).toBe('other');
  });

  it('single keeps one phone of the first owner; alternate data up to 6 phones across owners', () => {
    const result: TraceResult = {
      matched: true,
      persons: [
        {
          firstName: 'Ann',
          lastName: 'Lee',
          phones: [phone(1), phone(2), phone(3), phone(4)],
          emails: ['A@X.com'],
        },
        { firstName: 'Bo', lastName: 'Lee', phones: [phone(5), phone(6), phone(7), phone(1)], emails: [] },
      ],
    };
    const single = keepForType(result, 'single');
    expect(single).toHaveLength(1);
    expect(single[0]!.phones.map((p) => p.number)).toEqual(['+12065550101']);
    expect(single[0]!.emails).toEqual(['a@x.com']);
    const multi = keepForType(result, 'multi');
    expect(multi.flatMap((p) => p.phones)).toHaveLength(6);
    expect(multi[1]!.phones.map((p) => p.number)).toEqual(['+12065550105', '+12065550106']);
  });

  it('a miss, or a match with nothing to keep, is not a hit', () => {
    expect(isHit(keepForType({ matched: false, persons: [] }, 'multi'))).toBe(false);
    expect(
      isHit(
        keepForType(
          { matched: true, persons: [{ firstName: 'A', lastName: 'B', phones: [], emails: [] }] },
          'multi',
        ),
      ),
    ).toBe(false);
    expect(
      isHit(
        keepForType(
          { matched: true, persons: [{ firstName: 'A', lastName: 'B', phones: [phone(1)], emails: [] }] },
          'single',
        ),
      ),
    ).toBe(true);
  });

  it('counts the landlines and DNC phones a hit found', () => {
    const kept = keepForType(
      {
        matched: true,
        persons: [
          {
            firstName: 'A',
            lastName: 'B',
            phones: [phone(1, 'landline', true), phone(2, 'landline'), phone(3, 'mobile', true)],
            emails: [],
          },
        ],
      },
      'multi',
    );
    expect(hitFigures(kept)).toEqual({ landlines: 2, dnc: 2 });
  });

  it('names match in any order, case and punctuation aside, and empty names never match', () => {
    expect(sameName('SMITH, JOHN', 'John Smith')).toBe(true);
    expect(sameName('John Smith', 'Jane Smith')).toBe(false);
    expect(sameName('', '')).toBe(false);
  });

  it('the demo answers the same for the same address, only with fictional 555-01xx numbers, and misses some', () => {
    const addresses = Array.from({ length: 200 }, (_, i) => `${100 + i} Main St, Seattle, WA 98101`);
    const results = addresses.map((a) => demoTrace(a, 'Jane Roe'));
    expect(results.map((r) => r.matched)).toEqual(addresses.map((a) => demoTrace(a, 'Jane Roe').matched));
    const misses = results.filter((r) => !r.matched).length;
    expect(misses).toBeGreaterThan(20);
    expect(misses).toBeLessThan(90);
    const numbers = results.flatMap((r) => r.persons.flatMap((p) => p.phones.map((x) => x.number)));
    expect(numbers.length).toBeGreaterThan(100);
    expect(numbers.every(isFictionalNumber)).toBe(true);
    expect(results.find((r) => r.matched)!.persons[0]).toMatchObject({ firstName: 'Jane', lastName: 'Roe' });
    expect(isFictionalNumber('+12065550200')).toBe(false);
  });

  it('the demo gives owners without a name distinct made-up names and numbers that are valid phones, and another draw differs', () => {
    const addresses = Array.from({ length: 300 }, (_, i) => `${100 + i} Oak Ave, Nashville, TN 37206`);
    const hits = addresses.map((a) => demoTrace(a, '')).filter((r) => r.matched);
    const names = new Set(hits.map((r) => `${r.persons[0]!.firstName} ${r.persons[0]!.lastName}`));
    expect(names.size).toBeGreaterThan(hits.length * 0.6);
    const numbers = hits.flatMap((r) => r.persons[0]!.phones.map((p) => p.number));
    expect(numbers.every((n) => normalizePhone(n) === n && isFictionalNumber(n))).toBe(true);
    const emails = hits.map((r) => r.persons[0]!.emails[0]!);
    expect(new Set(emails).size).toBe(emails.length);
    const hit = addresses.find((a) => demoTrace(a, '').matched)!;
    expect(demoTrace(hit, '', 1).persons[0]!.phones).not.toEqual(demoTrace(hit, '').persons[0]!.phones);
    expect(demoTrace(hit, '', 1)).toEqual(demoTrace(hit, '', 1));
  });
});
