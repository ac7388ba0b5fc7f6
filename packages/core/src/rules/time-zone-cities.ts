/**
 * Finding a time zone by a city it holds (issue 30 item 14): 'Seattle' answers America/Los_Angeles.
 * The city list is large (7,000+ places), so the server keeps it and answers searches; these rules
 * say which of its cities a search finds and in what order.
 */

/** A place and the IANA zone its clocks follow. */
export type ZoneCity = {
  city: string;
  /** State or province ('Washington'), '' when the list has none. */
  region: string;
  /** The region's postal code where the list has one ('WA'). */
  regionCode?: string;
  country: string;
  zone: string;
  population: number;
};

/** How many cities one search answers at most. */
export const MAX_CITY_MATCHES = 8;
/** Fewer letters than this find no city: one letter would name hundreds. */
export const MIN_CITY_QUERY = 2;

/** Lower case, accents dropped, punctuation as spaces: 'São Paulo' and 'sao paulo' are one. */
export function foldPlaceName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const words = (text: string) => foldPlaceName(text).split(' ').filter(Boolean);

/**
 * Whether a city answers a search: the city's name starts with the first words typed ('new yo' →
 * New York), and any words after a comma narrow it by region or country ('Portland, Oregon',
 * 'Portland, OR').
 */
export function cityMatches(
  city: Pick<ZoneCity, 'city' | 'region' | 'regionCode' | 'country'>,
  query: string,
): boolean {
  const [name = '', ...rest] = query.split(',');
  const typed = foldPlaceName(name);
  if (typed.length < MIN_CITY_QUERY) return false;
  if (!foldPlaceName(city.city).startsWith(typed)) return false;
  const where = words(`${city.region} ${city.regionCode ?? ''} ${city.country}`);
  return words(rest.join(' ')).every((w) => where.some((known) => known.startsWith(w)));
}

/**
 * The cities a search finds, best first: a name typed whole before one only begun ('Paris' before
 * 'Parisville'), then the larger city; at most `limit`.
 */
export function findZoneCities(
  cities: readonly ZoneCity[],
  query: string,
  limit = MAX_CITY_MATCHES,
): ZoneCity[] {
  const typed = foldPlaceName(query.split(',')[0] ?? '');
  return cities
    .filter((c) => cityMatches(c, query))
    .map((c) => ({ c, whole: foldPlaceName(c.city) === typed ? 0 : 1 }))
    .sort((a, b) => a.whole - b.whole || b.c.population - a.c.population)
    .slice(0, limit)
    .map(({ c }) => c);
}

/** 'Seattle, Washington, United States of America': how an option names the city that found it. */
export function zoneCityLabel(city: Pick<ZoneCity, 'city' | 'region' | 'country'>): string {
  const where = [city.region, city.country].filter((part) => part && part !== city.city);
  return [city.city, ...where].join(', ');
}
