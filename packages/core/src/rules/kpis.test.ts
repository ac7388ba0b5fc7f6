import { describe, expect, it } from 'vitest';
import { blockRate } from './admin.js';
import { datesOf, daysBetween, interestedRate, isCalendarDate, periodProblem, shiftDate } from './kpis.js';

describe('block rate', () => {
  it('is blocked per 100 sent, to 2 decimals', () => {
    expect(blockRate(1, 3)).toBe(33.33);
    expect(blockRate(2, 3)).toBe(66.67);
    expect(blockRate(5, 1000)).toBe(0.5);
    expect(blockRate(1, 8)).toBe(12.5);
    expect(blockRate(7, 7)).toBe(100);
  });
  it('is 0 when nothing was sent or nothing was blocked', () => {
    expect(blockRate(0, 0)).toBe(0);
    expect(blockRate(3, 0)).toBe(0);
    expect(blockRate(0, 40)).toBe(0);
  });
});

describe('the period', () => {
  it('knows real calendar dates', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-2-1')).toBe(false);
  });
  it('lists every day of the period, both ends included, across a month end', () => {
    expect(datesOf('2026-01-30', '2026-02-02')).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(1);
    expect(datesOf('2026-03-02', '2026-03-01')).toEqual([]);
  });
  it('shifts dates back and forth', () => {
    expect(shiftDate('2026-03-01', 1)).toBe('2026-02-28');
    expect(shiftDate('2026-03-01', -1)).toBe('2026-03-02');
  });
  it('refuses a reversed period and one longer than a year', () => {
    expect(periodProblem('2026-03-02', '2026-03-01')).toBe('order');
    expect(periodProblem('2025-01-01', '2026-01-02')).toBe('length');
    expect(periodProblem('2025-01-01', '2025-12-31')).toBeNull();
  });
});

describe('interested-reply rate', () => {
  it('is interested answers per 100 delivered texts, to 2 decimals, and 0 when none was delivered', () => {
    expect(interestedRate(3, 40)).toBe(7.5);
    expect(interestedRate(1, 3)).toBe(33.33);
    expect(interestedRate(2, 0)).toBe(0);
  });
});
