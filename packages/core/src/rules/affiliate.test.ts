import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import {
  affiliateAmountRefusal,
  affiliateIdFromHash,
  isSameCard,
  selfReferralReason,
  affiliateLink,
  affiliateShareCents,
  earnsAffiliateShare,
  formatCents,
  parseAffiliateAmount,
} from './affiliate.js';

describe('affiliate id from the URL hash', () => {
  it('keeps a plain id', () => {
    expect(affiliateIdFromHash('#a1b2c3d4e5')).toBe('a1b2c3d4e5');
  });
  it('ignores an empty hash', () => {
    expect(affiliateIdFromHash('')).toBeNull();
    expect(affiliateIdFromHash('#')).toBeNull();
  });
  it('ignores short section anchors and text with spaces or markup', () => {
    expect(affiliateIdFromHash('#top')).toBeNull();
    expect(affiliateIdFromHash('#<script>')).toBeNull();
    expect(affiliateIdFromHash('#two words')).toBeNull();
  });
});

describe('affiliate earnings', () => {
  it('earns 20% of a payment, cut down to the cent', () => {
    expect(affiliateShareCents(1900)).toBe(380);
    expect(affiliateShareCents(99)).toBe(19);
    expect(affiliateShareCents(4)).toBe(0);
  });
  it('earns nothing from an amount that is not a positive whole number of cents', () => {
    expect(affiliateShareCents(0)).toBe(0);
    expect(affiliateShareCents(-500)).toBe(0);
    expect(affiliateShareCents(12.5)).toBe(0);
  });
  it('earns during the first 12 months after the signup, not after', () => {
    const signup = new Date('2025-03-15T10:00:00Z');
    expect(earnsAffiliateShare(signup, new Date('2025-03-15T10:00:00Z'))).toBe(true);
    expect(earnsAffiliateShare(signup, new Date('2026-03-15T09:59:59Z'))).toBe(true);
    expect(earnsAffiliateShare(signup, new Date('2026-03-15T10:00:00Z'))).toBe(false);
    expect(earnsAffiliateShare(signup, new Date('2025-03-14T10:00:00Z'))).toBe(false);
  });
});

describe('affiliate amounts', () => {
  it('reads dollars with up to 2 decimals as cents', () => {
    expect(parseAffiliateAmount(12.5)).toEqual({ ok: true, cents: 1250 });
    expect(parseAffiliateAmount(0.01)).toEqual({ ok: true, cents: 1 });
    expect(parseAffiliateAmount('19.99')).toEqual({ ok: true, cents: 1999 });
    expect(parseAffiliateAmount(100_000)).toEqual({ ok: true, cents: 10_000_000 });
  });
  it('asks for the amount when none is given', () => {
    for (const missing of [undefined, null, ''])
      expect(parseAffiliateAmount(missing)).toEqual({
        ok: false,
        message: messages.affiliates.amountRequired,
      });
  });
  it('refuses zero, negatives, a third decimal, too much and what is not a number', () => {
    for (const bad of [0, -5, 1.005, 0.001, 100_000.01, Number.NaN, Infinity, 'ten', {}])
      expect(parseAffiliateAmount(bad)).toEqual({ ok: false, message: messages.affiliates.invalidAmount });
  });
  it('refuses more than the earnings with the spec text, and allows all of them', () => {
    expect(affiliateAmountRefusal(1001, 1000)).toBe(
      'The number you input is higher than your current affiliate earnings',
    );
    expect(affiliateAmountRefusal(1000, 1000)).toBeNull();
  });
});

describe('affiliate link', () => {
  it('is the site plus the code in the hash, which the logged-out app reads back as the affiliate id', () => {
    const link = affiliateLink('https://app.prospector.test/', 'Xy3_k-9QpL2mN8aB');
    expect(link).toBe('https://app.prospector.test/#Xy3_k-9QpL2mN8aB');
    expect(affiliateIdFromHash(link.slice(link.indexOf('#')))).toBe('Xy3_k-9QpL2mN8aB');
  });
  it('formats cents as dollars', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
  });
});

describe('self-referral (ADR 032)', () => {
  const rita = { email: 'rita@acme-realty.com', ips: ['203.0.113.5', '198.51.100.9'] };

  it('refuses a signup from an address the referrer logged in from', () => {
    expect(selfReferralReason(rita, { email: 'someone@else.test', ip: '198.51.100.9' })).toBe('sameIp');
  });

  it("refuses a second address of the referrer's own mailbox or company", () => {
    const gmail = { email: 'rita.r@gmail.com', ips: [] };
    expect(selfReferralReason(gmail, { email: 'ritar+2@googlemail.com', ip: '192.0.2.1' })).toBe(
      'sameMailbox',
    );
    expect(selfReferralReason(rita, { email: 'Rita+team2@acme-realty.com', ip: '192.0.2.1' })).toBe(
      'sameMailbox',
    );
    expect(selfReferralReason(rita, { email: 'billing@acme-realty.com', ip: '192.0.2.1' })).toBe(
      'sameDomain',
    );
  });

  it('lets a stranger on a shared mail provider, or another company, be referred', () => {
    const gmail = { email: 'rita@gmail.com', ips: ['203.0.113.5'] };
    expect(selfReferralReason(gmail, { email: 'paula@gmail.com', ip: '192.0.2.1' })).toBeNull();
    expect(selfReferralReason(rita, { email: 'paula@payer.test', ip: '192.0.2.1' })).toBeNull();
  });

  it('knows the same card by brand, last four digits and expiry', () => {
    const card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
    expect(isSameCard(card, { ...card })).toBe(true);
    expect(isSameCard(card, { ...card, expYear: 2031 })).toBe(false);
    expect(isSameCard(card, null)).toBe(false);
  });
});
