import { TZDate } from '@date-fns/tz';

/**
 * Each US state's law on when a team may text or call a contact, strictest wins (issue 32 item 3).
 * Federal law applies everywhere; a state's own law applies when the contact is in that state. Where
 * we know the contact's state both from an address and from the number's area code and they differ,
 * both states' laws apply (the stricter of each limit wins). A team may narrow its own hours further,
 * never widen them.
 */

/** Allowed hours on one day: from `start`:00 up to (not including) `end`:00 local time. */
export type Hours = { start: number; end: number };

export type ContactLaw = {
  /** 'US' for federal law, else the state's USPS code. */
  code: string;
  name: string;
  /** The statute, as a team's counsel would look it up. */
  citation: string;
  /** Hours on every day, unless `sunday` says otherwise. */
  hours: Hours;
  sunday?: Hours;
  /** At most this many texts or calls to one person in 24 hours on the same subject; null: no such limit. */
  maxPer24h: number | null;
  /** A duty the team must meet before texting people in the state (shown as a warning). */
  registration?: string;
};

/**
 * The laws, each citing its statute. Federal: the TCPA's rules. Florida, Oklahoma and Maryland: 8:00 to
 * 20:00 and at most 3 texts or calls in 24 hours on the same subject. Texas: SB 140 (in force
 * 1 September 2025) makes texts telephone solicitations, so the calling hours of chapter 301 apply to
 * them and a seller needs a registration certificate under chapter 302.
 */
export const CONTACT_LAWS: readonly ContactLaw[] = [
  {
    code: 'US',
    name: 'Federal',
    citation: '47 C.F.R. § 64.1200(c)(1)',
    hours: { start: 8, end: 21 },
    maxPer24h: null,
  },
  {
    code: 'FL',
    name: 'Florida',
    citation: 'Fla. Stat. § 501.616(6)',
    hours: { start: 8, end: 20 },
    maxPer24h: 3,
  },
  {
    code: 'OK',
    name: 'Oklahoma',
    citation: 'Okla. Stat. tit. 15, § 775C.4',
    hours: { start: 8, end: 20 },
    maxPer24h: 3,
  },
  {
    code: 'MD',
    name: 'Maryland',
    citation: 'Md. Code, Com. Law § 14-4503',
    hours: { start: 8, end: 20 },
    maxPer24h: 3,
  },
  {
    code: 'TX',
    name: 'Texas',
    citation: 'Tex. Bus. & Com. Code § 301.051 (SB 140, 2025)',
    hours: { start: 9, end: 21 },
    sunday: { start: 12, end: 21 },
    maxPer24h: null,
    registration:
      'Texas (SB 140, in force 1 Sep 2025): texting Texas numbers to sell needs a registration certificate from the Texas Secretary of State (Tex. Bus. & Com. Code ch. 302) unless an exemption applies.',
  },
];

const LAW_BY_CODE = new Map(CONTACT_LAWS.map((l) => [l.code, l]));

/** USPS codes of the states, by name: an address may spell the state out. */
const STATE_NAMES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'puerto rico': 'PR',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
};
const STATE_CODES = new Set(Object.values(STATE_NAMES));

/**
 * The time zones a state's people live in (every zone that covers part of it), so an address alone
 * tells when it is night there.
 */
const STATE_ZONES: Record<string, readonly string[]> = {
  AL: ['America/Chicago'],
  AK: ['America/Anchorage'],
  AZ: ['America/Phoenix'],
  AR: ['America/Chicago'],
  CA: ['America/Los_Angeles'],
  CO: ['America/Denver'],
  CT: ['America/New_York'],
  DE: ['America/New_York'],
  DC: ['America/New_York'],
  FL: ['America/New_York', 'America/Chicago'],
  GA: ['America/New_York'],
  HI: ['Pacific/Honolulu'],
  ID: ['America/Boise', 'America/Los_Angeles'],
  IL: ['America/Chicago'],
  IN: ['America/Indiana/Indianapolis', 'America/Chicago'],
  IA: ['America/Chicago'],
  KS: ['America/Chicago', 'America/Denver'],
  KY: ['America/New_York', 'America/Chicago'],
  LA: ['America/Chicago'],
  ME: ['America/New_York'],
  MD: ['America/New_York'],
  MA: ['America/New_York'],
  MI: ['America/Detroit', 'America/Menominee'],
  MN: ['America/Chicago'],
  MS: ['America/Chicago'],
  MO: ['America/Chicago'],
  MT: ['America/Denver'],
  NE: ['America/Chicago', 'America/Denver'],
  NV: ['America/Los_Angeles'],
  NH: ['America/New_York'],
  NJ: ['America/New_York'],
  NM: ['America/Denver'],
  NY: ['America/New_York'],
  NC: ['America/New_York'],
  ND: ['America/Chicago', 'America/Denver'],
  OH: ['America/New_York'],
  OK: ['America/Chicago'],
  OR: ['America/Los_Angeles', 'America/Boise'],
  PA: ['America/New_York'],
  PR: ['America/Puerto_Rico'],
  RI: ['America/New_York'],
  SC: ['America/New_York'],
  SD: ['America/Chicago', 'America/Denver'],
  TN: ['America/Chicago', 'America/New_York'],
  TX: ['America/Chicago', 'America/Denver'],
  UT: ['America/Denver'],
  VT: ['America/New_York'],
  VA: ['America/New_York'],
  WA: ['America/Los_Angeles'],
  WV: ['America/New_York'],
  WI: ['America/Chicago'],
  WY: ['America/Denver'],
};

/** A state's USPS code from how an address or a directory writes it ('FL', 'fl', 'Florida'); null if none. */
export function stateCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().replace(/\.$/, '');
  if (!v) return null;
  const upper = v.toUpperCase();
  if (STATE_CODES.has(upper)) return upper;
  return STATE_NAMES[v.toLowerCase()] ?? null;
}

/** The zones of a state (empty when unknown). */
export function stateZones(code: string | null): readonly string[] {
  return (code && STATE_ZONES[code]) || [];
}

/**
 * The states a contact may be in: those of its known addresses (property, mailing), else the one its
 * number's area code tells. When an address and the area code disagree, both count: the stricter law
 * of the two applies.
 */
export function recipientStates(where: {
  addressStates: readonly unknown[];
  areaCodeState: string | null;
}): string[] {
  const out = new Set<string>();
  for (const s of where.addressStates) {
    const c = stateCode(s);
    if (c) out.add(c);
  }
  const area = stateCode(where.areaCodeState);
  if (area) out.add(area);
  return [...out].sort();
}

/** What a team's own setting narrows the hours to (whole hours, team-wide, in the contact's zone). */
export type TeamContactHours = { startHour: number | null; endHour: number | null };

/** The combined rule for one contact: the laws that apply and the narrowest of each limit. */
export type ContactRule = {
  /** The laws that apply, federal first, then states in code order. */
  laws: readonly ContactLaw[];
  /** Allowed hours on a weekday (ISO 1 = Monday … 7 = Sunday). */
  hoursOn: (weekday: number) => Hours;
  maxPer24h: number | null;
  /** The team's own hours narrowed the window (then the team's setting, not a statute, is named). */
  team: Hours | null;
};

const lawHours = (l: ContactLaw, weekday: number): Hours => (weekday === 7 && l.sunday) || l.hours;

/**
 * The rule for a contact in these states, strictest wins: the latest start and earliest end of every
 * law that applies, the lowest 24-hour limit, then the team's own hours when they are narrower (they
 * never widen a law's).
 */
export function contactRule(states: readonly string[], team?: TeamContactHours | null): ContactRule {
  const laws = [LAW_BY_CODE.get('US')!];
  for (const s of [...new Set(states)].sort()) {
    const l = LAW_BY_CODE.get(s);
    if (l && l.code !== 'US') laws.push(l);
  }
  const caps = laws.map((l) => l.maxPer24h).filter((n): n is number => n !== null);
  const teamHours = teamHoursOf(team);
  return {
    laws,
    hoursOn: (weekday) => {
      let start = 0;
      let end = 24;
      for (const l of laws) {
        const h = lawHours(l, weekday);
        start = Math.max(start, h.start);
        end = Math.min(end, h.end);
      }
      if (teamHours) {
        start = Math.max(start, teamHours.start);
        end = Math.min(end, teamHours.end);
      }
      return { start, end };
    },
    maxPer24h: caps.length ? Math.min(...caps) : null,
    team: teamHours,
  };
}

function teamHoursOf(team: TeamContactHours | null | undefined): Hours | null {
  if (!team || (team.startHour === null && team.endHour === null)) return null;
  const start = clampHour(team.startHour ?? 0);
  const end = clampHour(team.endHour ?? 24);
  return { start, end };
}

const clampHour = (h: number) => Math.max(0, Math.min(24, Math.floor(h)));

/**
 * Why a team's own hours cannot be saved, or null: they may only narrow the law's, so a start before
 * the federal 8:00, an end after 21:00, or an end not after the start is refused with a clear sentence.
 * Null in either end keeps the law's hour there.
 */
export function teamHoursProblem(team: TeamContactHours): string | null {
  const fed = LAW_BY_CODE.get('US')!.hours;
  const { startHour: start, endHour: end } = team;
  const whole = (h: number | null) => h === null || (Number.isInteger(h) && h >= 0 && h <= 24);
  if (!whole(start) || !whole(end)) return 'Hours are whole hours from 0 to 24.';
  if (start !== null && start < fed.start)
    return `Your hours can only be stricter than the law: texts and calls may not start before ${fed.start}:00 (federal law, 8:00–21:00 in the contact's time).`;
  if (end !== null && end > fed.end)
    return `Your hours can only be stricter than the law: texts and calls may not go on after ${fed.end}:00 (federal law, 8:00–21:00 in the contact's time).`;
  if ((start ?? fed.start) >= (end ?? fed.end)) return 'The end of your hours must come after their start.';
  return null;
}

/**
 * A team's hours as saved: a start before the federal 8:00 or an end after 21:00 is brought back to
 * them (the setting only narrows); null keeps the law's hours.
 */
export function clampTeamHours(team: TeamContactHours): TeamContactHours {
  const fed = LAW_BY_CODE.get('US')!.hours;
  const start = team.startHour === null ? null : Math.max(fed.start, clampHour(team.startHour));
  const end = team.endHour === null ? null : Math.min(fed.end, clampHour(team.endHour));
  return { startHour: start, endHour: end };
}

type LocalParts = { weekday: number; minutes: number };
/**
 * Local weekdays and times already worked out, by instant and zone. A campaign tick judges hundreds of
 * recipients at one instant in a few zones, and a time-zone conversion costs about 0.1 ms: without
 * this the decisions of one tick held the server's event loop for over 100 ms. Emptied when full.
 */
const partsSeen = new Map<string, LocalParts>();
const PARTS_KEPT = 4096;

function localParts(at: Date, zone: string): LocalParts {
  const key = `${at.getTime()}|${zone}`;
  const seen = partsSeen.get(key);
  if (seen) return seen;
  const d = new TZDate(at.getTime(), zone);
  const day = d.getDay();
  const parts = { weekday: day === 0 ? 7 : day, minutes: d.getHours() * 60 + d.getMinutes() };
  if (partsSeen.size >= PARTS_KEPT) partsSeen.clear();
  partsSeen.set(key, parts);
  return parts;
}

function allowedIn(rule: ContactRule, zone: string, at: Date): boolean {
  try {
    const { weekday, minutes } = localParts(at, zone);
    const h = rule.hoursOn(weekday);
    return minutes >= h.start * 60 && minutes < h.end * 60;
  } catch {
    return true; // An unknown zone name: nothing to go by.
  }
}

/**
 * Whether the contact may be texted or called at `now`: inside the rule's hours in every zone it may
 * be in (its number's and its states'); no zone known, the team's zone decides.
 */
export function isContactHour(
  rule: ContactRule,
  zones: readonly string[],
  now: Date,
  fallbackZone: string,
): boolean {
  const list = zones.length > 0 ? zones : [fallbackZone];
  return list.every((z) => allowedIn(rule, z, now));
}

/** The zones to judge a contact's hours by: its number's and those of the states it may be in. */
export function contactZones(phoneZones: readonly string[], states: readonly string[]): string[] {
  const out = new Set(phoneZones);
  for (const s of states) for (const z of stateZones(s)) out.add(z);
  return [...out];
}

const STEP_MS = 15 * 60_000;

/**
 * When a contact outside its hours may next be reached: the first quarter hour (or the start of an
 * hour) within the coming eight days at which every zone is inside the rule's hours. Half an hour on
 * when none is found (zones too far apart to be awake together): the engine looks again then.
 */
export function nextContactAt(
  rule: ContactRule,
  zones: readonly string[],
  now: Date,
  fallbackZone: string,
): Date {
  if (isContactHour(rule, zones, now, fallbackZone)) return now;
  const first = Math.ceil((now.getTime() + 1) / STEP_MS) * STEP_MS;
  for (let t = first; t <= now.getTime() + 8 * 24 * 60 * 60_000; t += STEP_MS) {
    const at = new Date(t);
    if (isContactHour(rule, zones, at, fallbackZone)) return at;
  }
  return new Date(now.getTime() + 30 * 60_000);
}

export type ContactRefusal = 'quietHours' | 'lawDailyCap';

/**
 * Why a contact may not be texted or called now under the law, or null: outside its hours, or the
 * state's 24-hour limit reached (`contactsLast24h`: texts and calls to it in the last 24 hours).
 */
export function contactRefusal(
  rule: ContactRule,
  zones: readonly string[],
  now: Date,
  fallbackZone: string,
  contactsLast24h: number,
): ContactRefusal | null {
  if (!isContactHour(rule, zones, now, fallbackZone)) return 'quietHours';
  if (rule.maxPer24h !== null && contactsLast24h >= rule.maxPer24h) return 'lawDailyCap';
  return null;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * The texts and calls (`recent`: when each was made) that count against the 24-hour limit at `now`:
 * those less than 24 hours old.
 */
export function contactsInLast24h(recent: readonly Date[], now: Date): number {
  const since = now.getTime() - DAY_MS;
  return recent.filter((t) => t.getTime() > since && t.getTime() <= now.getTime()).length;
}

/**
 * When a contact held by its state's 24-hour limit (Florida, Oklahoma, Maryland: 3 texts or calls in
 * 24 hours on the same subject) may be contacted again: when the `max`-th most recent of its texts and
 * calls turns 24 hours old, so one fewer than the limit remain in the window. Null when the rule has
 * no such limit or the contact is under it.
 */
export function dailyCapFreeAt(rule: ContactRule, recent: readonly Date[], now: Date): Date | null {
  const max = rule.maxPer24h;
  if (max === null || contactsInLast24h(recent, now) < max) return null;
  const since = now.getTime() - DAY_MS;
  const inWindow = recent
    .map((t) => t.getTime())
    .filter((t) => t > since && t <= now.getTime())
    .sort((a, b) => b - a);
  return new Date(inWindow[max - 1]! + DAY_MS);
}

/**
 * When a contact may next be texted or called under the law: now when it may; else the end of its
 * 24-hour limit's wait, then the first of its hours from there (a limit that ends at night waits for
 * the morning).
 */
export function nextLawfulContactAt(
  rule: ContactRule,
  zones: readonly string[],
  recent: readonly Date[],
  now: Date,
  fallbackZone: string,
): Date {
  const free = dailyCapFreeAt(rule, recent, now) ?? now;
  return nextContactAt(rule, zones, free, fallbackZone);
}

/** The states a law code list names, for people: 'Florida', 'Florida and Maryland'. */
export function lawStateNames(codes: string): string {
  const names = codes
    .split(',')
    .map((c) => LAW_BY_CODE.get(c.trim()))
    .filter((l): l is ContactLaw => !!l && l.code !== 'US')
    .map((l) => l.name);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The law that sets a rule's limit, to name in a waiting reason: for hours the strictest state law
 * (the team's setting when it is narrower still), for the 24-hour limit the state that has it. A
 * comma list of codes ('FL', 'FL,TX'); 'US' when only federal law applies; 'TEAM' for the team's hours.
 */
export function bindingLaw(rule: ContactRule, refusal: ContactRefusal): string {
  const states = rule.laws.filter((l) => l.code !== 'US');
  if (refusal === 'lawDailyCap')
    return states
      .filter((l) => l.maxPer24h !== null && l.maxPer24h === rule.maxPer24h)
      .map((l) => l.code)
      .join(',');
  if (rule.team) {
    const byLaw = contactRule(states.map((l) => l.code));
    for (let wd = 1; wd <= 7; wd++) {
      const h = byLaw.hoursOn(wd);
      if (rule.team.start > h.start || rule.team.end < h.end) return 'TEAM';
    }
  }
  return states.length ? states.map((l) => l.code).join(',') : 'US';
}

/**
 * A waiting reason's words for the law it names: 'Florida (Fla. Stat. § 501.616(6))', several joined
 * with ' and ', 'Federal (47 C.F.R. § 64.1200(c)(1))', or 'Team hours'.
 */
export function lawLabel(codes: string | null): string | null {
  if (!codes) return null;
  if (codes === 'TEAM') return 'Team hours';
  const parts = codes
    .split(',')
    .map((c) => LAW_BY_CODE.get(c.trim()))
    .filter((l): l is ContactLaw => !!l)
    .map((l) => `${l.name} (${l.citation})`);
  return parts.length ? parts.join(' and ') : null;
}

const clockHour = (h: number) =>
  h === 0 || h === 24 ? '12 AM' : h === 12 ? '12 PM' : h < 12 ? `${h} AM` : `${h - 12} PM`;

/**
 * The words a waiting reason adds for the law that sets someone's hours: " under Florida (Fla. Stat.
 * § 501.616(6)), 8 AM to 8 PM on weekdays", " under your team's own hours", or '' for the federal
 * hours (the sentence names those itself).
 */
export function underLawHours(law: string | null | undefined): string {
  if (!law || law === 'US') return '';
  if (law === 'TEAM') return " under your team's own hours";
  const h = contactRule(law.split(',')).hoursOn(3);
  return ` under ${lawLabel(law)}, ${clockHour(h.start)} to ${clockHour(h.end)} on weekdays`;
}

/** Registration warnings for the states a team texts (Texas under SB 140), one per state, in code order. */
export function registrationWarnings(states: Iterable<string>): string[] {
  const out: string[] = [];
  for (const s of [...new Set(states)].sort()) {
    const l = LAW_BY_CODE.get(s);
    if (l?.registration) out.push(l.registration);
  }
  return out;
}
