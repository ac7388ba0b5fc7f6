import type { Plan } from './billing.js';

/*
 * Skip tracing (spec part 2 §2 list detail, §3 List hits/landlines/dnc/cost, §5, §7, §9): looking up
 * the phones and e-mails of a property's owners. Pure rules: prices, what a result keeps, what counts
 * as a hit, the fictional numbers of the demo provider, and who an owner already known is.
 */

export const SKIPTRACE_TYPES = ['single', 'multi'] as const;
/** single: the default data, one phone; multi: the 'alternate data', 1 to 6 phones. */
export type SkiptraceType = (typeof SKIPTRACE_TYPES)[number];

/** Spec §9: 'Skip trace default price 0.06 per hit (single)', in credit units. */
export const SINGLE_SKIP_PRICE = 600;

/** Addresses a provider request carries (BatchData's V3 property skip trace takes up to 100). */
export const SKIPTRACE_BATCH_SIZE = 100;

/** Phones a result keeps: single one, alternate data (multi) up to 6 (spec §9). */
export const SKIPTRACE_MAX_PHONES: Record<SkiptraceType, number> = { single: 1, multi: 6 };
/** Owners (persons) a result keeps: single the first, multi all the provider gives (V3: up to 3). */
const MAX_PERSONS: Record<SkiptraceType, number> = { single: 1, multi: 3 };

/** Price of one hit, in credit units: single the default price, multi the plan's `skip` price (§9). */
export function skiptracePrice(plan: Plan, type: SkiptraceType): number {
  return type === 'single' ? SINGLE_SKIP_PRICE : plan.prices.skip;
}

/** What a run sets aside before sending `count` addresses: every one of them a hit (its worst case). */
export function worstCaseHold(count: number, price: number): number {
  return count * price;
}

export type LineType = 'mobile' | 'landline' | 'other';

/**
 * A provider's phone type as ours. BatchData writes 'Mobile', 'Land Line', 'Landline' or 'VoIP' (and
 * lower-case variants): anything not plainly mobile or landline is 'other'.
 */
export function lineTypeOf(providerType: string | null | undefined): LineType {
  const t = (providerType ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (t === 'mobile' || t === 'wireless' || t === 'cell' || t === 'cellular') return 'mobile';
  if (t === 'landline' || t === 'land' || t === 'fixedline' || t === 'fixed') return 'landline';
  return 'other';
}

export type TracedPhone = { number: string; lineType: LineType; dnc: boolean };
export type TracedPerson = { firstName: string; lastName: string; phones: TracedPhone[]; emails: string[] };
/** One address's answer. `matched: false` is a miss; it is never charged. */
export type TraceResult = { matched: boolean; persons: TracedPerson[] };

/**
 * What a result keeps for its type: the first `MAX_PERSONS` persons, the first phones (the provider
 * ranks them, mobiles first) up to the type's cap across them all, each phone and e-mail once.
 * Persons left with nothing are dropped.
 */
export function keepForType(result: TraceResult, type: SkiptraceType): TracedPerson[] {
  if (!result.matched) return [];
  let phonesLeft = SKIPTRACE_MAX_PHONES[type];
  const seenPhones = new Set<string>();
  const seenEmails = new Set<string>();
  const kept: TracedPerson[] = [];
  for (const person of result.persons.slice(0, MAX_PERSONS[type])) {
    const phones: TracedPhone[] = [];
    for (const phone of person.phones) {
      if (phonesLeft === 0) break;
      if (seenPhones.has(phone.number)) continue;
      seenPhones.add(phone.number);
      phones.push(phone);
      phonesLeft--;
    }
    const emails = person.emails
      .map((e) => e.trim().toLowerCase())
      .filter((e) => e && !seenEmails.has(e) && seenEmails.add(e));
    if (phones.length || emails.length) kept.push({ ...person, phones, emails });
  }
  return kept;
}

/** A hit is an address whose kept result has at least one phone or e-mail: only hits are charged. */
export function isHit(kept: TracedPerson[]): boolean {
  return kept.some((p) => p.phones.length > 0 || p.emails.length > 0);
}

/** What a hit adds to its list's figures (spec §3 List hits, landlines, dnc). */
export function hitFigures(kept: TracedPerson[]): { landlines: number; dnc: number } {
  const phones = kept.flatMap((p) => p.phones);
  return {
    landlines: phones.filter((p) => p.lineType === 'landline').length,
    dnc: phones.filter((p) => p.dnc).length,
  };
}

const canonName = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .sort()
    .join(' ');

/**
 * Whether two names are the same person's: the same words in any order, case and punctuation aside
 * ('SMITH, JOHN' is 'John Smith'). Stacking an owner: a contact linked to the property with the same
 * name is that owner (same name + address); empty names never match.
 */
export function sameName(a: string, b: string): boolean {
  const x = canonName(a);
  return x !== '' && x === canonName(b);
}

/** The reserved fictional numbers: 555-0100 to 555-0199 of any area code (North American Numbering Plan). */
export function isFictionalNumber(e164: string): boolean {
  return /^\+1\d{3}55501\d{2}$/.test(e164);
}

/** A small stable hash (FNV-1a) of a text: the demo provider's answers follow from the address. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * Area codes of the demo's numbers: 555-0100..0199 is fictional in each of them, so 120 codes give
 * 12,000 numbers, room for thousands of demo owners without one number turning up twice.
 */
const DEMO_AREA_CODES = (
  '201 202 203 205 206 207 208 209 210 212 213 214 215 216 217 218 219 224 225 228 229 231 234 239 ' +
  '240 248 251 252 253 254 256 260 262 267 269 270 272 276 281 301 302 303 304 305 307 308 309 310 ' +
  '312 313 314 315 316 317 318 319 320 321 323 325 330 331 334 336 337 339 346 347 351 352 360 361 ' +
  '385 386 401 402 404 405 406 407 408 409 410 412 413 414 415 417 419 423 424 425 430 432 434 435 ' +
  '440 443 458 469 470 475 478 479 480 484 501 502 503 504 505 507 508 509 510 512 513 515 516 517'
).split(' ');
const DEMO_FIRST = (
  'Alex Jordan Morgan Taylor Casey Riley Jamie Avery Quinn Rowan Sage Emerson Parker Reese Skyler ' +
  'Dakota Hayden Finley Harper Logan Blake Drew Kendall Peyton'
).split(' ');
const DEMO_LAST = (
  'Rivera Nguyen Patel Okafor Larsen Moreau Kowalski Tanaka Haddad Lindqvist Mensah Castillo Novak ' +
  'Fischer Abara Sorensen Delgado Ishikawa Brennan Petrov Achebe Marchetti Olsen Varga'
).split(' ');

/**
 * The demo provider's answer for an address: fictional, and the same every time. About 1 in 4
 * addresses is a miss; a hit names the property's owner when it has one (else a made-up name of 576)
 * and gives 1 to 4 consecutive numbers of 555-0100..0199 in one of 120 area codes, every third a
 * landline and 1 in 5 on the DNC registry, and an e-mail at example.com (a reserved domain) that
 * carries a number of its own. `attempt` (1, 2, …) draws another owner for the same address: the demo
 * provider asks again when a number or e-mail is already some record's, so that no two properties
 * share an owner by chance (issue 30: 270 hits had become 27 contacts).
 */
export function demoTrace(address: string, owner: string, attempt = 0): TraceResult {
  const key = address.trim().toLowerCase();
  const h = stableHash(key);
  if (h % 4 === 0) return { matched: false, persons: [] };
  const v = attempt === 0 ? h : stableHash(`${key}#${attempt}`);
  const words = owner.trim().split(/\s+/).filter(Boolean);
  const firstName = words.length > 1 ? words[0]! : DEMO_FIRST[v % DEMO_FIRST.length]!;
  const lastName =
    words.length > 1 ? words.slice(1).join(' ') : (words[0] ?? DEMO_LAST[(v >>> 5) % DEMO_LAST.length]!);
  const count = 1 + ((v >>> 10) % 4);
  const area = DEMO_AREA_CODES[(v >>> 12) % DEMO_AREA_CODES.length]!;
  const start = (v >>> 19) % 100;
  const phones: TracedPhone[] = [];
  for (let i = 0; i < count; i++) {
    const line = (start + i) % 100;
    phones.push({
      number: `+1${area}55501${String(line).padStart(2, '0')}`,
      lineType: i % 3 === 2 ? 'landline' : 'mobile',
      dnc: stableHash(`${address}|${i}`) % 5 === 0,
    });
  }
  const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
  const tag = String(v % 10_000).padStart(4, '0');
  return {
    matched: true,
    persons: [{ firstName, lastName, phones, emails: [`${local}.${tag}@example.com`] }],
  };
}

/** Said where a trace is started: the lawful purposes the data may be used for (DPPA/GLBA). */
export const PERMISSIBLE_USE_STATEMENT =
  'Owner data comes from public and consumer records covered by the DPPA and GLBA. Use it only for a permissible purpose, such as contacting owners about their property, and honour Do Not Call flags.';
