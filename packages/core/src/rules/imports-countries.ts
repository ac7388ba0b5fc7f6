import {
  getCountries,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import { ISO_COUNTRIES } from './imports-country-data.js';

/**
 * Names people write for a country that neither ISO 3166 nor the browser's English region names give
 * (nations of the UK, old and local names, common abbreviations). The tables do the rest.
 */
const ALIASES: Record<string, string> = {
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  america: 'US',
  brasil: 'BR',
  deutschland: 'DE',
  holland: 'NL',
  espana: 'ES',
  italia: 'IT',
  korea: 'KR',
  turkey: 'TR',
  'czech republic': 'CZ',
  'ivory coast': 'CI',
  burma: 'MM',
  swaziland: 'SZ',
  macedonia: 'MK',
  'cape verde': 'CV',
  vatican: 'VA',
  uae: 'AE',
  emirates: 'AE',
  ksa: 'SA',
  macau: 'MO',
  eire: 'IE',
  'republic ireland': 'IE',
  'east timor': 'TL',
  'dr congo': 'CD',
  drc: 'CD',
};

/** 'Côte d’Ivoire' → 'cote divoire'; 'U.S.A.' → 'usa'; 'The Bahamas' → 'bahamas'; 'Trinidad & Tobago' → 'trinidad tobago'. */
export function normalizeCountryName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.'’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((word) => word && word !== 'the' && word !== 'and' && word !== 'of')
    .join(' ');
}

let table: Map<string, string> | null = null;

/**
 * Every way the import reads a country, built once: ISO alpha-2 and alpha-3 codes, ISO names, the
 * English region names of the runtime's Intl data (long and short: 'United Kingdom', 'UK'), aliases.
 * The first meaning of a name wins, so a code is never shadowed by a name.
 */
function countryTable(): Map<string, string> {
  if (table) return table;
  const map = new Map<string, string>();
  const add = (name: string, code: string) => {
    const key = normalizeCountryName(name);
    if (key && !map.has(key)) map.set(key, code);
  };
  const iso = ISO_COUNTRIES.split('\n').map((line) => {
    const [alpha2 = '', alpha3 = '', ...rest] = line.split(' ');
    return { alpha2, alpha3, names: rest.join(' ').split('|') };
  });
  for (const c of iso) add(c.alpha2, c.alpha2);
  for (const c of iso) add(c.alpha3, c.alpha2);
  // libphonenumber knows a few regions ISO does not list (Kosovo XK, Ascension AC, Tristan da Cunha TA).
  for (const code of getCountries()) add(code, code);
  for (const c of iso) for (const name of c.names) add(name, c.alpha2);
  const codes = [...new Set([...iso.map((c) => c.alpha2), ...getCountries()])];
  for (const style of ['long', 'short'] as const) {
    const names = new Intl.DisplayNames(['en'], { type: 'region', style });
    for (const code of codes) {
      const name = names.of(code);
      if (name && name !== code) add(name, code);
    }
  }
  for (const [alias, code] of Object.entries(ALIASES)) add(alias, code);
  table = map;
  return map;
}

/**
 * The country a Country cell names, as an ISO alpha-2 code with a phone numbering plan: an alpha-2 or
 * alpha-3 code or an English name, in any case ('GB', 'gbr', 'United Kingdom', 'UK'). null when the
 * cell names no country, or one without phone numbers (Antarctica).
 */
export function resolveCountry(value: string): string | null {
  const code = countryTable().get(normalizeCountryName(value));
  return code && isSupportedCountry(code) ? code : null;
}

/** Where a row's phones are read: the country its Country cell names, or the import's calling code. */
export type PhoneRegion = { country: string } | { callingCode: string };

/**
 * A row's phone region. The import's country code is only the default: a row whose Country cell names a
 * country is read in that country. A cell that names none falls back to the default and is reported
 * (`unrecognised`); a blank cell falls back silently.
 */
export function rowPhoneRegion(
  countryCell: string | undefined,
  defaultCallingCode: string,
): { region: PhoneRegion; unrecognised: boolean } {
  const fallback = { callingCode: defaultCallingCode.trim().replace('+', '') };
  const cell = (countryCell ?? '').trim();
  if (!cell) return { region: fallback, unrecognised: false };
  const country = resolveCountry(cell);
  return country ? { region: { country }, unrecognised: false } : { region: fallback, unrecognised: true };
}

/**
 * A phone cell in E.164, or null when it is no valid number. A number written in international form
 * ('+44 20 …', or with the region's own international prefix, '00 44 …' in the UK) is read as written;
 * any other is read in the row's region only. A number that fits no plan of that region is invalid,
 * even when its digits would make a valid number elsewhere: London's '2087415189' is +44 20 8741 5189
 * in a GB row, +1 208-741-5189 in a US row, and never moved from one plan to another.
 */
export function normalizeImportPhone(input: string, region: PhoneRegion | string): string | null {
  const raw = input.trim();
  if (!raw) return null;
  const digits = raw.replace(/[^\d+]/g, '');
  if (digits.replace(/\+/g, '').length < 6) return null;
  const where = typeof region === 'string' ? { callingCode: region.trim().replace('+', '') } : region;
  const parsed = raw.startsWith('+')
    ? parsePhoneNumberFromString(raw)
    : 'country' in where
      ? parsePhoneNumberFromString(raw, { defaultCountry: where.country as CountryCode })
      : parsePhoneNumberFromString(raw, { defaultCallingCode: where.callingCode });
  return parsed && parsed.isValid() ? parsed.number : null;
}
