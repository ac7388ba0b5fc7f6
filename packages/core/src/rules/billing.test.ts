import { describe, expect, it } from 'vitest';
import {
  dncPlanMessage,
  dollarsToUnits,
  formatCreditAmount,
  formatCredits,
  formatLookupPrice,
  formatPlanPrice,
  mayAddUser,
  maySendSms,
  monthWindow,
  planOf,
  PLANS,
  seesTeamCredits,
  smsLeft,
  smsLimitMessage,
  unitsToDollars,
  upgradesFrom,
  usagePercent,
  userLimitMessage,
} from './billing.js';

describe('the plan table', () => {
  it('offers BASIC free with 500 texts, 250 calls and 2 users a month and no DNC', () => {
    expect(PLANS.BASIC).toMatchObject({
      monthlyPrice: 0,
      yearlyPrice: 0,
      smsPerMonth: 500,
      callsPerMonth: 250,
      users: 2,
      dnc: false,
    });
  });

  it('offers LITE at $19 a month or $190 a year, unlimited texts and calls, 5 users and DNC', () => {
    expect(PLANS.LITE).toMatchObject({
      monthlyPrice: 19,
      yearlyPrice: 190,
      smsPerMonth: null,
      callsPerMonth: null,
      users: 5,
      dnc: true,
    });
  });

  it('offers PRO at $24 a month or $240 a year with no limit on users', () => {
    expect(PLANS.PRO).toMatchObject({
      monthlyPrice: 24,
      yearlyPrice: 240,
      smsPerMonth: null,
      users: null,
      dnc: true,
    });
  });

  it('prices each look-up per plan as the spec lists them, in 1/10,000 of a dollar', () => {
    expect(Object.values(PLANS).map((p) => p.prices)).toEqual([
      { lookup: 60, emailLookup: 50, skip: 700, parcel: 150 },
      { lookup: 50, emailLookup: 400, skip: 600, parcel: 100 },
      { lookup: 40, emailLookup: 30, skip: 500, parcel: 75 },
    ]);
    expect(unitsToDollars(PLANS.PRO.prices.parcel)).toBe(0.0075);
  });

  it('reads an unknown stored plan as the free one, never a paid one', () => {
    expect(planOf('PRO').name).toBe('PRO');
    expect(planOf('GOLD').name).toBe('BASIC');
    expect(planOf(null).name).toBe('BASIC');
  });
});

describe('plan limits', () => {
  it('lets BASIC send its 500th text of the month and refuses the 501st', () => {
    expect(maySendSms(PLANS.BASIC, 499)).toBe(true);
    expect(maySendSms(PLANS.BASIC, 500)).toBe(false);
    expect(smsLeft(PLANS.BASIC, 498)).toBe(2);
    expect(smsLeft(PLANS.BASIC, 700)).toBe(0);
    expect(maySendSms(PLANS.BASIC, 498, 3)).toBe(false);
  });

  it('never limits the texts of LITE and PRO', () => {
    expect(smsLeft(PLANS.LITE, 1_000_000)).toBeNull();
    expect(maySendSms(PLANS.PRO, 1_000_000, 1000)).toBe(true);
  });

  it('lets BASIC have its second user and refuses a third; LITE stops at 5; PRO never', () => {
    expect(mayAddUser(PLANS.BASIC, 1)).toBe(true);
    expect(mayAddUser(PLANS.BASIC, 2)).toBe(false);
    expect(mayAddUser(PLANS.LITE, 4)).toBe(true);
    expect(mayAddUser(PLANS.LITE, 5)).toBe(false);
    expect(mayAddUser(PLANS.PRO, 500)).toBe(true);
  });

  it('says which limit was reached and which plans lift it', () => {
    expect(smsLimitMessage(PLANS.BASIC)).toBe(
      "Your plan's limit of 500 texts this month is reached. Upgrade to LITE or PRO in Settings > Billing.",
    );
    expect(userLimitMessage(PLANS.BASIC)).toBe(
      'The BASIC plan allows 2 users. Upgrade to LITE or PRO in Settings > Billing.',
    );
    expect(userLimitMessage(PLANS.LITE)).toBe(
      'The LITE plan allows 5 users. Upgrade to PRO in Settings > Billing.',
    );
    expect(dncPlanMessage(PLANS.BASIC)).toBe(
      'DNC import and export are not part of the BASIC plan. Upgrade to LITE or PRO in Settings > Billing.',
    );
    expect(upgradesFrom('PRO')).toEqual([]);
  });

  it('shows usage as a share of the limit, capped at 100, and none for unlimited', () => {
    expect(usagePercent({ used: 125, limit: 500 })).toBe(25);
    expect(usagePercent({ used: 600, limit: 500 })).toBe(100);
    expect(usagePercent({ used: 9000, limit: null })).toBeNull();
  });
});

describe('the month a plan counts in', () => {
  it("starts at midnight on the 1st in the team's zone, not in UTC", () => {
    // 1 March 2026 02:00 UTC is still 28 February in New York.
    const w = monthWindow(new Date('2026-03-01T02:00:00Z'), 'America/New_York');
    expect(w.month).toBe('2026-02');
    expect(w.start.toISOString()).toBe('2026-02-01T05:00:00.000Z');
    expect(w.end.toISOString()).toBe('2026-03-01T05:00:00.000Z');
  });

  it('turns the year in December and counts in UTC until a zone is set', () => {
    const w = monthWindow(new Date('2026-12-15T12:00:00Z'), null);
    expect(w.month).toBe('2026-12');
    expect(w.end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('credit amounts', () => {
  it('counts dollars in whole 1/10,000 units and refuses anything finer', () => {
    expect(dollarsToUnits(10)).toBe(100_000);
    expect(dollarsToUnits(0.0075)).toBe(75);
    expect(dollarsToUnits(19.99)).toBe(199_900);
    expect(dollarsToUnits(0.00001)).toBeNull();
    expect(dollarsToUnits(Number.NaN)).toBeNull();
  });

  it('shows a balance to 2 decimals, never rounding a fraction of a cent up', () => {
    expect(formatCredits(123_456_789)).toBe('$12,345.67');
    expect(formatCredits(75)).toBe('$0.00');
    expect(formatCredits(0)).toBe('$0.00');
  });

  it('shows an entry signed, with sub-cent digits only when it has them', () => {
    expect(formatCreditAmount(100_000)).toBe('+$10.00');
    expect(formatCreditAmount(-75)).toBe('−$0.0075');
    expect(formatCreditAmount(-7000)).toBe('−$0.70');
    expect(formatLookupPrice(PLANS.PRO.prices.parcel)).toBe('$0.0075');
    expect(formatLookupPrice(PLANS.BASIC.prices.skip)).toBe('$0.07');
    expect(formatPlanPrice(0)).toBe('Free');
    expect(formatPlanPrice(19)).toBe('$19');
  });

  it('shows the credits to admins and staff only', () => {
    expect(seesTeamCredits({ role: 'admin', isStaff: false })).toBe(true);
    expect(seesTeamCredits({ role: 'member', isStaff: true })).toBe(true);
    expect(seesTeamCredits({ role: 'member', isStaff: false })).toBe(false);
  });
});
