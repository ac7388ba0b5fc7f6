import { getCountries, getCountryCallingCode, isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { isValidMemberPhone } from './team.js';

/** Settings > Other rules (spec part 2 §5 "Settings"): company name, time zone and sub-users. */

/** 'Company name must be +4 characters' applies when the name is empty or shorter than 3. */
export const MIN_COMPANY_NAME = 3;

export function isValidCompanyName(name: string): boolean {
  return name.trim().length >= MIN_COMPANY_NAME;
}

/** An IANA zone name ('America/Los_Angeles', 'Etc/GMT+5', 'UTC'), never an offset like '+05:00'. */
const ZONE_NAME = /^[A-Za-z]+(?:[/_+-][A-Za-z0-9]+)*$/;

export function isValidTimeZone(zone: string): boolean {
  if (!ZONE_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes east of UTC of a zone at an instant (negative west of Greenwich). */
export function timeZoneOffsetMinutes(zone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** '(UTC−08:00) America/Los_Angeles' (a true minus sign, as typeset). */
export function timeZoneLabel(zone: string, at: Date): string {
  const minutes = timeZoneOffsetMinutes(zone, at);
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `(UTC${minutes < 0 ? '\u2212' : '+'}${hh}:${mm}) ${zone}`;
}

export type TimeZoneOption = { value: string; label: string };

/** The given zones as options, west to east, then by name; the saved zone is kept even if not listed. */
export function timeZoneOptions(zones: readonly string[], at: Date, keep?: string | null): TimeZoneOption[] {
  const all = keep && !zones.includes(keep) && isValidTimeZone(keep) ? [...zones, keep] : [...zones];
  return all
    .map((zone) => ({ zone, offset: timeZoneOffsetMinutes(zone, at) }))
    .sort((a, b) => a.offset - b.offset || a.zone.localeCompare(b.zone))
    .map(({ zone }) => ({ value: zone, label: timeZoneLabel(zone, at) }));
}

const NAME_STYLES = ['short', 'long', 'longGeneric'] as const;

/**
 * A zone's names, lower-cased, without its id: its English names in winter and summer ('pst', 'pdt',
 * 'pacific standard time', 'pacific time') and the places a zone list gives it (its main cities, its
 * country, its generic name), which the caller passes.
 */
export function timeZoneNamesText(zone: string, at: Date, places: readonly string[] = []): string {
  const year = at.getUTCFullYear();
  const instants = [new Date(Date.UTC(year, 0, 15)), new Date(Date.UTC(year, 6, 15))];
  const names = new Set<string>(places);
  for (const style of NAME_STYLES) {
    const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: style });
    for (const instant of instants) {
      const name = format.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value;
      if (name) names.add(name);
    }
  }
  return [...names].join(' | ').toLowerCase();
}

/**
 * What a person may type to find a zone, lower-cased: its id with and without underscores ('los
 * angeles') and its names (timeZoneNamesText); the offset is matched separately (timeZoneMatches).
 */
export function timeZoneSearchText(zone: string, at: Date, places: readonly string[] = []): string {
  return [zone, zone.replace(/_/g, ' '), timeZoneNamesText(zone, at, places)].join(' | ').toLowerCase();
}

const queryWords = (query: string) =>
  query.trim().toLowerCase().replace(/_/g, ' ').split(/\s+/).filter(Boolean);

/**
 * How well a zone that matches answers a search, best first: 0 when its names or places hold every
 * word typed ('Pacific' → Pacific Time), 1 when only its id does (Pacific/Midway). Offsets rank 0.
 */
export function timeZoneRank(zone: { names: string }, query: string): 0 | 1 {
  if (offsetQueryMinutes(query) !== null) return 0;
  return queryWords(query).every((word) => zone.names.includes(word)) ? 0 : 1;
}

/** '-08', '-8', 'UTC-8', 'GMT+05:30', '+0530' (minus or true minus) as minutes east of UTC; else null. */
export function offsetQueryMinutes(query: string): number | null {
  const m = /^(?:utc|gmt)?\s*([+\-\u2212])\s*(\d{1,2})(?::?(\d{2}))?$/i.exec(query.trim());
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '+' ? minutes : -minutes;
}

/**
 * Whether a zone answers a search: by city or zone id ('Los Angeles', 'new_york'), abbreviation ('PST'),
 * English name ('Eastern'), or its UTC offset at the instant the options were made ('-08', 'UTC+5:30').
 * Every word typed must be found.
 */
export function timeZoneMatches(zone: { search: string; offset: number }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const offset = offsetQueryMinutes(q);
  if (offset !== null) return zone.offset === offset;
  return queryWords(q).every((word) => zone.search.includes(word));
}

/** Settings > Other 'sub-users': people besides the members who may use the account. */
export type SubUser = { name: string; phone: string };

export const MAX_SUB_USERS = 50;

/** What is saved: names and phones trimmed, rows with an empty name dropped (spec part 2 §5). */
export function subUsersToSave(rows: readonly SubUser[]): SubUser[] {
  return rows.map((r) => ({ name: r.name.trim(), phone: r.phone.trim() })).filter((r) => r.name.length > 0);
}

/** Whether a kept row's phone fails the pattern: a row without a name is dropped, so never wrong. */
export function subUserPhoneInvalid(row: SubUser): boolean {
  return row.name.trim().length > 0 && !isValidMemberPhone(row.phone.trim());
}

/** A country a team can call home: one libphonenumber knows (so its numbers can be read and shown). */
export function isPhoneCountry(code: string): code is CountryCode {
  return /^[A-Z]{2}$/.test(code) && isSupportedCountry(code);
}

/** A team's home country: one libphonenumber knows. */
export type PhoneCountry = CountryCode;

/** A team's stored home country as a code the phone rules take: 'US' for anything they would not. */
export function homeCountry(code: string | null | undefined): PhoneCountry {
  return code && isPhoneCountry(code) ? code : 'US';
}

/** A country's calling code as an import takes it: '+1', '+44'. */
export function callingCodeOf(country: PhoneCountry): string {
  return `+${getCountryCallingCode(country)}`;
}

export type CountryOption = { value: PhoneCountry; label: string };

/**
 * The countries a team can pick as home, by English name, each with its calling code
 * ('United Kingdom (+44)'); `names` is the browser's or Node's `Intl.DisplayNames`.
 */
export function phoneCountryOptions(names: { of(code: string): string | undefined }): CountryOption[] {
  return getCountries()
    .map((value) => ({ value, label: `${names.of(value) ?? value} (+${getCountryCallingCode(value)})` }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}
