import { describe, expect, it } from 'vitest';
import { formatHour, formatWeekDays } from './schedule-format';

describe('schedule format', () => {
  it('reads whole hours on a 12-hour clock', () => {
    expect([0, 9, 12, 18, 23, 24].map(formatHour)).toEqual([
      '12:00 AM',
      '9:00 AM',
      '12:00 PM',
      '6:00 PM',
      '11:00 PM',
      '12:00 AM',
    ]);
  });

  it('reads three or more days in a row as a range and the rest one by one', () => {
    expect(formatWeekDays([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(formatWeekDays([6, 1, 3])).toBe('Mon, Wed, Sat');
    expect(formatWeekDays([1, 2, 4, 5, 6])).toBe('Mon, Tue, Thu–Sat');
    expect(formatWeekDays([1, 2, 3, 4, 5, 6, 7])).toBe('Every day');
  });
});
