import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { normalizeEmail } from './auth.js';
import { normalizeImportPhone } from './imports-countries.js';

/** Identifier statuses of the spec: '' (none), 'Wrong #' and 'DNC'. */
export const IDENTIFIER_STATUSES = ['Wrong #', 'DNC'] as const;
export type IdentifierStatus = (typeof IDENTIFIER_STATUSES)[number] | '';

export type IdentifierLike = { value: string; primary: boolean; status: IdentifierStatus; isEmail: boolean };

export const BUILT_IN_STATUSES = ['Not contacted', 'DNC', 'Wrong number'] as const;

/** A lead can have a status only when one of its phones or e-mails is primary (part 1 §4, §5). */
export function canHaveStatus(identifiers: readonly IdentifierLike[]): boolean {
  return identifiers.some((i) => i.primary);
}

/** Picking the lead's current status again clears it (undefined: the call omits `status`). */
export function nextLeadStatus(current: string | null | undefined, picked: string): string | undefined {
  return current === picked ? undefined : picked;
}

/**
 * 'DNC' and 'Wrong #' are toggles; setting either always clears primary. Returns the identifier as it
 * becomes.
 */
export function toggleIdentifierStatus<T extends IdentifierLike>(idt: T, status: 'DNC' | 'Wrong #'): T {
  return { ...idt, status: idt.status === status ? '' : status, primary: false };
}

/** Only an identifier that is not primary and not DNC or Wrong # can become primary. */
export function canBecomePrimary(idt: IdentifierLike): boolean {
  return !idt.primary && idt.status === '';
}

/** Makes `value` the primary identifier and unsets the others; unchanged if it may not become primary. */
export function setPrimaryIdentifier<T extends IdentifierLike>(idts: readonly T[], value: string): T[] {
  const target = idts.find((i) => i.value === value);
  if (!target || !canBecomePrimary(target)) return [...idts];
  return idts.map((i) => ({ ...i, primary: i.value === value }));
}

/** The primary identifier first, then the others in their order. */
export function orderIdentifiers<T extends IdentifierLike>(idts: readonly T[]): T[] {
  return [...idts.filter((i) => i.primary), ...idts.filter((i) => !i.primary)];
}

/**
 * A phone in E.164 (`+19165550123`), or null when it is not a valid number: what contacts stack on,
 * by hand as in imports (the import's own rule, read in `defaultCountry` when it has no country code).
 */
export function normalizePhone(input: string, defaultCountry: CountryCode = 'US'): string | null {
  return normalizeImportPhone(input, { country: defaultCountry });
}

/**
 * How a stored phone is shown: national format for numbers of the team's country ((916) 456-7890),
 * international for others (+44 20 7946 0958). Anything unparseable is shown as stored.
 */
export function formatPhone(e164: string, homeCountry: CountryCode = 'US'): string {
  // Identifier lists mix phones and e-mails: only a stored E.164 value is formatted.
  if (!/^\+\d{6,15}$/.test(e164)) return e164;
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === homeCountry ? parsed.formatNational() : parsed.formatInternational();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export function isValidEmail(input: string): boolean {
  return EMAIL.test(input.trim());
}

/** An e-mail identifier as it is stored and stacked on: trimmed and lower-cased; null when it is not one. */
export function normalizeEmailIdentifier(input: string): string | null {
  const value = normalizeEmail(input);
  return value && isValidEmail(value) ? value : null;
}

/** Websites and Link fields get https:// when they lack http (part 1 §5). */
export function withHttps(url: string): string {
  const u = url.trim();
  if (!u) return u;
  return /^https?:\/\//i.test(u) ? u : `https://${u}`;
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
/** Number fields show thousands separators; anything not a number is shown as entered. */
export function formatNumberField(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(String(value).replace(/,/g, ''));
  return Number.isFinite(n) ? numberFormat.format(n) : String(value);
}

/** Tasks with empty text are not displayed. */
export function visibleTasks<T extends { text: string }>(tasks: readonly T[]): T[] {
  return tasks.filter((t) => t.text.trim() !== '');
}

/** A new task is due 14 days from now at the start of that day, in the team's time zone. */
export function defaultTaskDue(now: Date, timeZone: string): Date {
  return new Date(startOfDay(addDays(new TZDate(now, timeZone), 14)).getTime());
}

const FORBIDDEN_STATUS_WORDS = [
  'dnc',
  'wrong number',
  'wrong no',
  'wrong #',
  'wrong person',
  'do not call',
  'donotcall',
];
/** A custom status may not duplicate the built-in DNC and Wrong # (part 1 §5). */
export function isForbiddenStatusText(text: string): boolean {
  const t = text.toLowerCase();
  return FORBIDDEN_STATUS_WORDS.some((w) => t.includes(w));
}

export type StatusTextProblem = 'empty' | 'forbidden' | 'exists';

/**
 * Why a status may not take this text, checked as the server does: not blank, none of the words of
 * the built-in DNC and Wrong #, and no other status of the team with the same text in any case.
 */
export function statusTextProblem(text: string, otherTexts: readonly string[]): StatusTextProblem | null {
  const t = text.trim();
  if (!t) return 'empty';
  if (isForbiddenStatusText(t)) return 'forbidden';
  if (otherTexts.some((o) => o.toLowerCase() === t.toLowerCase())) return 'exists';
  return null;
}

export type CardOrderKey = {
  id: string;
  notifCount: number;
  /** Due time of the item's earliest open task, if any. */
  firstOpenTaskDue: Date | null;
  hasOpenTask: boolean;
  queued: boolean;
  /** Tie-breaker inside a group: the most recent activity first. */
  lastActivityAt: Date;
};

function cardGroup(c: CardOrderKey, now: Date): number {
  if (c.notifCount > 0) return 0;
  if (c.firstOpenTaskDue && c.firstOpenTaskDue.getTime() <= now.getTime()) return 1;
  if (c.hasOpenTask) return 2;
  if (c.queued) return 3;
  return 4;
}

/**
 * Card order in a board column (part 1 §4): unread notifications first (most first), then items whose
 * first open task is due (earliest first), then items with an open task, then queued items, then the
 * rest; most recent activity first within a group, then id.
 */
export function compareCards(a: CardOrderKey, b: CardOrderKey, now: Date): number {
  const ga = cardGroup(a, now);
  const gb = cardGroup(b, now);
  if (ga !== gb) return ga - gb;
  if (ga === 0 && a.notifCount !== b.notifCount) return b.notifCount - a.notifCount;
  if (ga === 1 && a.firstOpenTaskDue!.getTime() !== b.firstOpenTaskDue!.getTime())
    return a.firstOpenTaskDue!.getTime() - b.firstOpenTaskDue!.getTime();
  const byActivity = b.lastActivityAt.getTime() - a.lastActivityAt.getTime();
  return byActivity !== 0 ? byActivity : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export type RecordType = 'contact' | 'property' | 'company';
type Data = Record<string, string | number | boolean | null | undefined>;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/** System fields each entity carries, by the spec's names (part 1 §3, part 2 §3 Property). */
export const SYSTEM_FIELDS: Record<RecordType, readonly string[]> = {
  contact: ['First name', 'Last name', 'Address', 'City', 'State', 'Zip'],
  property: [
    'Address',
    'City',
    'State',
    'Zip',
    'Full',
    'Street1',
    'Street2',
    'Use Description',
    'Lot Size',
    'Year Built',
    'Bedrooms',
    'Bathrooms',
    'Full Baths',
    'Garage Capacity',
    'Pool',
    'Owner',
    'Vacant',
    'Tax Delinquent',
  ],
  company: ['Name', 'Website', 'Address', 'City', 'State', 'Zip'],
};

/** What a contact is titled by when it has no name: its company's name and its primary phone or e-mail. */
export type TitleFallbacks = { company?: string | null; primary?: string | null };

/**
 * The name a record is shown by, everywhere (board cards, record header, Messenger, search, exports):
 * a contact's full name, else the name of the company it is linked to, else its primary phone
 * (formatted) or e-mail; a company's name or website; a property's address.
 */
export function itemTitle(type: RecordType, data: Data, fallbacks: TitleFallbacks = {}): string {
  if (type === 'contact')
    return (
      `${str(data['First name'])} ${str(data['Last name'])}`.trim() ||
      str(fallbacks.company) ||
      (fallbacks.primary ? formatPhone(fallbacks.primary.trim()) : '') ||
      'Unnamed contact'
    );
  if (type === 'company') return str(data['Name']) || str(data['Website']) || 'Unnamed company';
  return str(data['Address']) || str(data['Full']) || str(data['Street1']) || 'Unnamed property';
}

/**
 * A record's title from what its DTO carries: its first linked company's title and its primary
 * phone or e-mail (the server titles its summaries the same way).
 */
export function recordTitle(item: {
  type: RecordType;
  data: Data;
  companies: readonly { title: string }[];
  idts: readonly { value: string; primary: boolean }[];
}): string {
  return itemTitle(item.type, item.data, {
    company: item.companies[0]?.title ?? null,
    primary: item.idts.find((i) => i.primary)?.value ?? null,
  });
}

/** Lower-cased text a record is found by: names, company, website and address parts. */
export function itemSearchText(data: Data): string {
  return [
    'First name',
    'Last name',
    'Name',
    'Website',
    'Address',
    'Full',
    'Street1',
    'City',
    'State',
    'Zip',
    'Owner',
  ]
    .map((k) => str(data[k]))
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

/**
 * Whether a user may read a record (and so see its name, phone or anything of it, on any path: the
 * board, the dialler's queue, an inbound call's ring, a link): admins and 'All data' members read every
 * record of their team; 'Only assigned' members only the records assigned to them.
 */
export function mayReadRecord(
  user: { id: string; role: string; dataAccess: string },
  assignedTo: readonly string[],
): boolean {
  return user.role === 'admin' || user.dataAccess === 'All data' || assignedTo.includes(user.id);
}

/**
 * The board's member filter (spec part 1 §2.3, part 2 §2 Dashboard): open to the admin and 'All data'
 * members, who start on everybody's records (null); a member without 'All data' sees only their own,
 * so their board starts, and stays, on their own id (the server enforces it too).
 */
export function boardFilterFor(user: { _id: string; role: string; dataAccess: string }) {
  const seesAll = user.role === 'admin' || user.dataAccess === 'All data';
  return { canFilter: seesAll, defaultFilter: seesAll ? null : user._id };
}
