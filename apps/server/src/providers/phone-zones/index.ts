import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { timezones } from 'libphonenumber-geo-carrier';

export type PhoneZones = (phone: string) => Promise<string[]>;

/**
 * Time zones a number may be in, from libphonenumber's prefix data (area code for North America).
 * Cached per number prefix: the data is read from disk on first use.
 */
export function createPhoneZones(maxEntries = 50_000): PhoneZones {
  const cache = new Map<string, string[]>();
  return async (phone) => {
    const key = phone.slice(0, 8);
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
