/** Business constants of the spec (part 1 §9, part 2 §9) and of the Foundation issue. */

export const LOGIN_CODE_LENGTH = 6;
export const LOGIN_CODE_TTL_MS = 5 * 60 * 1000;
export const LOGIN_CODE_MAX_WRONG_ATTEMPTS = 3;

/** sendCode limits: per e-mail address and, separately, per client IP. */
/**
 * Login code sends (ADR 003, ADR 032): `shortWindowMax` and `dayWindowMax` are per sender (IP) and
 * address; the `address…` limits count every sender together and are higher, so one sender cannot
 * lock an address out, and a code already sent stays valid when new sends are refused.
 */
export const LOGIN_SEND_LIMITS = {
  shortWindowMs: 5 * 60 * 1000,
  shortWindowMax: 3,
  dayWindowMs: 24 * 60 * 60 * 1000,
  dayWindowMax: 10,
  addressShortWindowMax: 10,
  addressDayWindowMax: 30,
} as const;

export const TOAST_AUTO_CLOSE_MS = 6000;
export const CONNECTION_BANNER_HIDE_MS = 2000;
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_DEBOUNCE_MS = 500;
/** Settings fields save this long after the last change (spec part 2 §9). */
export const SETTINGS_SAVE_DEBOUNCE_MS = 500;
/** A status's text is renamed this long after the last keystroke (spec part 2 §9). */
export const STATUS_TEXT_DEBOUNCE_MS = 1000;

export const DEFAULT_COMPANY_NAME = 'Unnamed Company';

export const PERMISSION_KEYS = [
  'members',
  'calls',
  'sms',
  'import',
  'statuses',
  'dataFields',
  'phones',
  'templates',
  'campaigns',
  'messenger',
  'kpis',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export const PERMISSION_LABELS: Record<PermissionKey, string> = {
  members: 'Add, edit, remove members and permissions',
  calls: 'Calls',
  sms: 'Send SMS and/or emails',
  import: 'Import',
  statuses: 'Statuses',
  dataFields: 'Customize data fields',
  phones: 'Buy or remove devices',
  templates: 'Templates',
  campaigns: 'Campaigns',
  messenger: 'Messenger',
  kpis: 'KPIs',
};

export const DATA_ACCESS = ['All data', 'Only assigned'] as const;
export type DataAccess = (typeof DATA_ACCESS)[number];
export const DEFAULT_MEMBER_DATA_ACCESS: DataAccess = 'Only assigned';

export const ROLES = ['admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

/** The internal admin area (ADR 025): a staff session's second factor lasts 12 hours. */
export const SECOND_FACTOR_TTL_MS = 12 * 60 * 60 * 1000;
/** Recovery codes handed out when a staff member sets up their authenticator app. */
export const RECOVERY_CODE_COUNT = 10;
/** The error code of a staff call made without a fresh second factor: the web shows the TOTP step. */
export const SECOND_FACTOR_REQUIRED = 'SECOND_FACTOR_REQUIRED';
/** Teams per page of /admin/teams. */
export const ADMIN_PANEL_PAGE_SIZE = 25;
