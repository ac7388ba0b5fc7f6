import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { timezones } from 'libphonenumber-geo-carrier';

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
