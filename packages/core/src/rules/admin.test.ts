import { describe, expect, it } from 'vitest';
import {
  blockRate,
  formatAdminCredits,
  formatBlockRate,
  formatRecoveryCode,
  isSecondFactorFresh,
  isTotpCode,
  normalizeRecoveryCode,
  periodStartDay,
  round2,
  suspensionBannerText,
} from './admin.js';

describe('block rate', () => {
  it('is blocked over sent times 100, to 2 decimals', () => {
    expect(blockRate(1, 3)).toBe(33.33);
    expect(blockRate(2, 3)).toBe(66.67);
    expect(blockRate(5, 200)).toBe(2.5);
    expect(blockRate(7, 7)).toBe(100);
  });

  it('is 0 when nothing was sent', () => {
    expect(blockRate(0, 0)).toBe(0);
    expect(blockRate(3, 0)).toBe(0);
  });

  it('is shown with two decimals and a percent sign', () => {
    expect(formatBlockRate(blockRate(1, 8))).toBe('12.50%');
    expect(formatBlockRate(0)).toBe('0.00%');
  });

  it('rounds halves up without binary noise', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(-1.005)).toBe(-1.01);
  });
});

describe('credits', () => {
  it('are shown to 2 decimals, whole cents, with thousands separators', () => {
    expect(formatAdminCredits(1234.5)).toBe('$1,234.50');
    expect(formatAdminCredits(0)).toBe('$0.00');
    expect(formatAdminCredits(0.0599)).toBe('$0.05');
    expect(formatAdminCredits(19.99)).toBe('$19.99');
  });
});

describe('periods', () => {
  const now = new Date('2026-03-10T15:00:00Z');
  it('start today, or N-1 days back so the last N days count', () => {
    expect(periodStartDay('today', now)).toBe('2026-03-10');
    expect(periodStartDay('7d', now)).toBe('2026-03-04');
    expect(periodStartDay('30d', now)).toBe('2026-02-09');
  });
});

describe('second factor', () => {
  const at = new Date('2026-03-10T00:00:00Z');
  it('holds for 12 hours and no longer', () => {
    expect(isSecondFactorFresh(at, new Date('2026-03-10T11:59:59Z'))).toBe(true);
    expect(isSecondFactorFresh(at, new Date('2026-03-10T12:00:00Z'))).toBe(false);
    expect(isSecondFactorFresh(null, at)).toBe(false);
  });

  it('reads a TOTP code of six digits and a recovery code however it is typed', () => {
    expect(isTotpCode('123 456')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(normalizeRecoveryCode(' abcde-fghjk ')).toBe('ABCDEFGHJK');
    expect(formatRecoveryCode('ABCDEFGHJK')).toBe('ABCDE-FGHJK');
  });
});

describe('the suspension banner', () => {
  it('reads the reason once, with one full stop and one request to contact support', () => {
    expect(suspensionBannerText('Contact support.')).toBe(
      'Your team is suspended: campaigns are stopped and nothing is sent, called or bought. Reason: Contact support.',
    );
    expect(suspensionBannerText('Spam complaints')).toBe(
      'Your team is suspended: campaigns are stopped and nothing is sent, called or bought. Reason: Spam complaints. Please contact support.',
    );
    expect(suspensionBannerText('Unpaid invoice...  ')).toMatch(
      /Reason: Unpaid invoice\. Please contact support\.$/,
    );
    expect(suspensionBannerText('')).toMatch(/Reason: not given\. Please contact support\.$/);
    expect(suspensionBannerText('Too many opt-outs. Please contact our support team.')).not.toMatch(
      /Please contact support\.$/,
    );
  });
});
