/**
 * Stacking: what makes two mentions of a record the same record, for imports and for records added by
 * hand alike. A contact is found by its phones and e-mails (records.ts: `normalizePhone`, E.164, and
 * `normalizeEmailIdentifier`, lower case); a property by its normalised address (`propertyKey`); a company by its
 * name or its website's host (`companyKeys`). The server stores the keys of properties and companies
 * (item_keys), so a key computed here finds what an import or an earlier add stored.
 */

export type AddressParts = { street: string; city?: string; state?: string; zip?: string };

const STREET_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  boulevard: 'blvd',
  place: 'pl',
  circle: 'cir',
  highway: 'hwy',
  parkway: 'pkwy',
  terrace: 'ter',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
};

/** Lower case, no punctuation that addresses write either way, street words abbreviated. */
function canon(value: string): string {
  return value
    .toLowerCase()
    .replace(/[.,#|]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => STREET_WORDS[w] ?? w)
    .join(' ');
}

const zip5 = (zip: string | undefined) => (zip ?? '').trim().slice(0, 5);

/** Two property rows are the same property when these keys are equal: street, city, state, zip. */
export function propertyKey(address: AddressParts): string | null {
  const street = canon(address.street);
  if (!street) return null;
  return ['p', street, canon(address.city ?? ''), canon(address.state ?? ''), zip5(address.zip)].join('|');
}

/** The street part of a property key: what a street typed without its city is looked up by. */
export function streetKey(street: string): string {
  return canon(street);
}

/**
 * Whether the property stored under `key` can be the address typed: the same street, and each of
 * city, state and zip equal where both give it. A property imported with its city is found by its
 * street alone; an address typed with another city is another property.
 */
export function addressMatchesKey(address: AddressParts, key: string): boolean {
  const [kind, street, city, state, zip] = key.split('|');
  if (kind !== 'p' || street !== canon(address.street)) return false;
  const same = (stored: string | undefined, typed: string) => !stored || !typed || stored === typed;
  return (
    same(city, canon(address.city ?? '')) &&
    same(state, canon(address.state ?? '')) &&
    same(zip, zip5(address.zip))
  );
}

const UNIT = /^(apt|apartment|unit|suite|ste|fl|floor|bldg|building|lot|rm|room|#)(\b|\d|$)/i;
const STATE_ZIP = /^(?:([A-Za-z]{2})\.?)?\s*(\d{5}(?:-\d{4})?)?$/;

/**
 * An address typed on one line, read as street, city, state and zip: '4877 Terrace Dr NE, Seattle,
 * WA 98105'. Without commas the whole line is the street (in '12 Main St NE', 'NE' is not a state).
 * After the street, a part that names a unit ('Apt 2', 'Suite 100', '#4') stays with the street; the
 * last part is the state and zip when it reads so, otherwise the city.
 */
export function parseAddressLine(line: string): AddressParts {
  const parts = line
    .split(',')
    .map((p) => p.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  if (parts.length <= 1) return { street: parts[0] ?? '' };
  const street = [parts.shift()!];
  while (parts.length && UNIT.test(parts[0]!)) street.push(parts.shift()!);
  const out: AddressParts = { street: street.join(' ') };
  const last = parts.at(-1);
  const stateZip = last ? STATE_ZIP.exec(last) : null;
  if (stateZip && (stateZip[1] || stateZip[2])) {
    parts.pop();
    if (stateZip[1]) out.state = stateZip[1].toUpperCase();
    if (stateZip[2]) out.zip = stateZip[2];
  }
  if (parts.length) out.city = parts.join(' ');
  return out;
}

/** A company is the same company when its name or its website's host matches. */
export function companyKeys(company: { name?: string; website?: string }): string[] {
  const keys: string[] = [];
  const name = canon(company.name ?? '')
    .replace(/\b(inc|llc|ltd|co|corp|corporation|company)\b/g, '')
    .trim();
  if (name) keys.push(`cn|${name}`);
  const host = websiteHost(company.website ?? '');
  if (host) keys.push(`cw|${host}`);
  return keys;
}

export function websiteHost(url: string): string | null {
  const raw = url.trim().toLowerCase();
  if (!raw) return null;
  const host = raw
    .replace(/^[a-z]+:\/\//, '')
    .split(/[/?#]/)[0]!
    .replace(/^www\./, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
}

/** What a company typed by hand is: its website when it reads as one ('acme.com'), else its name. */
export function companyFromText(text: string): { name: string } | { website: string } {
  const value = text.trim();
  return websiteHost(value) !== null && !/\s/.test(value) ? { website: value } : { name: value };
}
