import { SECOND_FACTOR_TTL_MS } from '../constants.js';
import { messages } from '../messages.js';

/** The periods /admin/teams counts texts over. */
export const ADMIN_PERIODS = ['today', '7d', '30d', '90d'] as const;
export type AdminPeriod = (typeof ADMIN_PERIODS)[number];

export const ADMIN_PERIOD_LABELS: Record<AdminPeriod, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_DAYS: Record<AdminPeriod, number> = { today: 1, '7d': 7, '30d': 30, '90d': 90 };

/**
 * The first UTC day a period counts (texts are counted per UTC day): today alone, or the last N days
 * including today. Returned as 'YYYY-MM-DD'.
 */
export function periodStartDay(period: AdminPeriod, now: Date): string {
  const start = new Date(now.getTime() - (PERIOD_DAYS[period] - 1) * DAY_MS);
  return start.toISOString().slice(0, 10);
}

/** Rounds half away from zero to 2 decimals, free of binary noise (1.005 → 1.01). */
export function round2(value: number): number {
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round(Number((Math.abs(value) * 100).toPrecision(15)))) / 100;
}

/** Spec part 2 §9: block rate = blocked / sent × 100, to 2 decimals; 0 when nothing was sent. */
export function blockRate(blocked: number, sent: number): number {
  if (sent <= 0) return 0;
  return round2((blocked / sent) * 100);
}

/** The block rate as shown: '12.50%'. */
export function formatBlockRate(rate: number): string {
  return `${round2(rate).toFixed(2)}%`;
}

const credits2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Spec part 2 §9: credits shown to 2 decimals ('$1,234.50'); whole cents, never rounded up. */
export function formatAdminCredits(dollars: number): string {
  const cents = Math.trunc(Number((dollars * 100).toPrecision(15)));
  const text = credits2.format(Math.abs(cents) / 100);
  return `${cents < 0 ? '-' : ''}$${text}`;
}

/** A staff session's second factor holds for 12 hours after it was given. */
export function isSecondFactorFresh(verifiedAt: Date | null, now: Date): boolean {
  if (!verifiedAt) return false;
  const age = now.getTime() - verifiedAt.getTime();
  return age >= 0 && age < SECOND_FACTOR_TTL_MS;
}

/** When a fresh second factor expires (null when there is none). */
export function secondFactorExpiresAt(verifiedAt: Date | null): Date | null {
  return verifiedAt ? new Date(verifiedAt.getTime() + SECOND_FACTOR_TTL_MS) : null;
}

/** A recovery code as typed: spaces and dashes dropped, upper case ('abcd-efgh-jk' → 'ABCDEFGHJK'). */
export function normalizeRecoveryCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** A recovery code as shown: groups of five ('ABCDE-FGHJK'). */
export function formatRecoveryCode(code: string): string {
  return code.replace(/(.{5})(?=.)/g, '$1-');
}

/** A TOTP code as typed: six digits once spaces are dropped. */
export function isTotpCode(input: string): boolean {
  return /^\d{6}$/.test(input.replace(/\s/g, ''));
}

/**
 * The banner a suspended team's members read (issue 30 item 32): the staff's reason in one sentence,
 * its own closing stops dropped ('Contact support..' read doubled), and 'Please contact support.'
 * only when the reason does not already say to.
 */
export function suspensionBannerText(reason: string): string {
  const said = reason.trim().replace(/[\s.]+$/u, '');
  const text = messages.admin.suspendedBanner.replace('{reason}', said || messages.admin.suspendedNoReason);
  return /contact (our )?support/iu.test(said) ? text : `${text} ${messages.admin.suspendedContactSupport}`;
}
