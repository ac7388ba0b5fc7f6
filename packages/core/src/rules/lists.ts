import type { ImportResult } from '../contract/lists/dto.js';
import { SYSTEM_FIELDS, type RecordType } from './records.js';

/** Rows one import may hold: one configured number (IMPORT_MAX_ROWS), 10,000 by default. */
export const DEFAULT_IMPORT_MAX_ROWS = 10_000;
export const LISTS_PAGE_SIZE = 15;
export const LIST_DETAIL_PAGE_SIZE = 25;
export const EXPORT_CHUNK_SIZE = 10_000;
export const LIST_SEARCH_DEBOUNCE_MS = 600;
export const LIST_RENAME_DEBOUNCE_MS = 500;
export const PROGRESS_MIN_WIDTH = 9;
/** Rows shown on the import screen before mapping. */
export const IMPORT_PREVIEW_ROWS = 5;

/** An import's tally before its first row: every count 0, nothing dropped. */
export function emptyImportResult(): ImportResult {
  return {
    rowsRead: 0,
    contactsNew: 0,
    contactsMerged: 0,
    propertiesNew: 0,
    propertiesMerged: 0,
    companiesNew: 0,
    companiesMerged: 0,
    invalidPhones: 0,
    invalidEmails: 0,
    dncPhones: 0,
    unknownCountries: 0,
    firstRowsOnly: null,
    dropped: {},
  };
}

/** The import's row-limit message, stated with the limit actually enforced. */
export function rowLimitMessage(maxRows: number): string {
  return `You can import maximum ${maxRows.toLocaleString('en-US')} rows at a time`;
}

/** A country calling code as the import screen takes it: '+' then 1 to 4 digits. */
export function isValidCountryCode(input: string): boolean {
  return /^\+[1-9]\d{0,3}$/.test(input.trim());
}

const KEEP_UPPER = new Set(['NE', 'NW', 'SE', 'SW', 'PO', 'LLC', 'USA', 'II', 'III', 'IV']);
const ORDINAL = /^(\d+)(ST|ND|RD|TH)([.,;:]*)$/i;

/**
 * Values are title-cased on import: 'JOHN O'NEIL-SMITH' → 'John O'Neil-Smith', '1ST AVE' → '1st Ave'.
 * Only words written in one case are touched: a mixed-case word ('Co-op', 'McDonald', 'iPhone') is
 * kept as written, and so is a word with digits ('4B', '#12A'; an ordinal's suffix is lowered). Compass
 * quadrants and a few abbreviations ('NW', 'LLC', 'III') are upper case, however they were typed, and so does a value that is
 * one short upper-case code ('TN').
 */
export function titleCase(input: string): string {
  const words = input.trim().replace(/\s+/g, ' ').split(' ');
  return words
    .map((word) => {
      const bare = word.replace(/[.,;:]+$/, '');
      if (KEEP_UPPER.has(bare.toUpperCase())) return word.toUpperCase();
      if (words.length === 1 && /^[A-Z]{1,3}$/.test(word)) return word;
      const ordinal = ORDINAL.exec(word);
      if (ordinal) return ordinal[1]! + ordinal[2]!.toLowerCase() + ordinal[3]!;
      if (/\d/.test(word) || (/[a-z]/.test(word) && /[A-Z]/.test(word))) return word;
      return word
        .toLowerCase()
        .replace(/(^|[\s'’\-/(.])([a-z])/g, (_, sep: string, ch: string) => sep + ch.toUpperCase());
    })
    .join(' ');
}

/** Fields whose values are not title-cased (codes, numbers, addresses on the web). */
const KEEP_CASE = new Set(['State', 'Zip', 'Website', 'Email', 'Phone']);
/** A link or an e-mail address, in whatever column it came: never title-cased. */
const LINK_OR_EMAIL = /@|:\/\/|^www\.|\.[a-z]{2,6}(\/|$)/i;
export function importValue(field: string, raw: string): string {
  const value = raw.trim().replace(/\s+/g, ' ');
  if (!value || KEEP_CASE.has(field) || /^[\d.,\s$%-]+$/.test(value) || LINK_OR_EMAIL.test(value))
    return value;
  return titleCase(value);
}

/** The contact target a Country column maps to. */
export const COUNTRY_TARGET = 'Country';

/** Import targets: the fields a spreadsheet column can fill. Phone and Email go to the contact's identifiers. */
export type ImportTarget = { type: RecordType; matchesTo: string; label: string };
const CONTACT_TARGETS = [
  'Phone',
  'Email',
  'First name',
  'Last name',
  'Full name',
  ...SYSTEM_FIELDS.contact.slice(2),
  // Not stored: it decides the country each row's phones are read in (rules/imports-countries.ts).
  COUNTRY_TARGET,
];
const PROPERTY_TARGETS = SYSTEM_FIELDS.property.filter((f) => f !== 'Full');
const COMPANY_TARGETS = SYSTEM_FIELDS.company;

export function importTargets(
  custom: Partial<Record<RecordType, { _id: string; name: string }[]>> = {},
): ImportTarget[] {
  const system = (type: RecordType, names: readonly string[]) =>
    names.map((name) => ({ type, matchesTo: name, label: name }));
  const customOf = (type: RecordType) =>
    (custom[type] ?? []).map((f) => ({ type, matchesTo: f._id, label: f.name }));
  return [
    ...system('contact', CONTACT_TARGETS),
    ...customOf('contact'),
    ...system('property', PROPERTY_TARGETS),
    ...customOf('property'),
    ...system('company', COMPANY_TARGETS),
    ...customOf('company'),
  ];
}

/** 'SMITH, JOHN A' → John A / Smith; 'John Smith' → John / Smith. */
export function splitFullName(full: string): { first: string; last: string } {
  const value = full.trim().replace(/\s+/g, ' ');
  if (!value) return { first: '', last: '' };
  if (value.includes(',')) {
    const [last, ...rest] = value.split(',');
    return { first: rest.join(' ').trim(), last: last!.trim() };
  }
  const parts = value.split(' ');
  if (parts.length === 1) return { first: parts[0]!, last: '' };
  return { first: parts.slice(0, -1).join(' '), last: parts.at(-1)! };
}

/** Percent of a list's rows imported so far, 0 to 100. */
export function importProgress(rowsDone: number, totalRows: number): number {
  if (totalRows <= 0) return 0;
  return Math.min(100, Math.floor((rowsDone / totalRows) * 100));
}

/** The list card's bar never draws narrower than 9% (part 2 §9). */
export function progressBarWidth(progress: number): number {
  return Math.max(PROGRESS_MIN_WIDTH, Math.min(100, progress));
}

/**
 * Estimated arrival = createdAt + itemCount × 2/6 (part 2 §9; the spec states no unit). We read it as
 * milliseconds, which matches the import's measured speed of about 3,000 rows a second.
 */
export function estimatedArrival(createdAt: Date, itemCount: number): Date {
  return new Date(createdAt.getTime() + (itemCount * 2) / 6);
}

/**
 * A cell that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return)
 * gets a leading apostrophe. Plain numbers and phones ('+1 615 555 0101', '-12.5') cannot run
 * anything and stay as they are.
 */
export function csvSafeCell(value: string): string {
  if (/^[+-]?[\d(][\d\s().,-]*$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV line: every cell formula-safe, quoted when it holds a comma, quote or line break. */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return cells
    .map((cell) => {
      const safe = csvSafeCell(cell === null || cell === undefined ? '' : String(cell));
      return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(',');
}

/** A file name made from a status or list name: 'Not contacted' → 'Not contacted.csv'. */
export function csvFileName(name: string): string {
  const safe = name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'export';
  return `${safe}.csv`;
}

/** The DNC import needs a column named exactly 'Phone'. */
export function hasDncPhoneColumn(columns: readonly string[]): boolean {
  return columns.includes('Phone');
}
