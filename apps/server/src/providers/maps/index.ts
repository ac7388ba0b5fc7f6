import { createGoogleMaps } from './google-maps.js';
import { createNominatim } from './nominatim.js';
import { MapsNotConfiguredError, type Maps } from './maps.js';

export type { GeoPoint, Maps, PlaceInfo, StreetViewImage } from './maps.js';
export { MapsFailedError, MapsNotConfiguredError } from './maps.js';

/** Without a key there is no maps service: the embedded default says so instead of guessing places. */
const notConfigured: Maps = {
  configured: false,
  kind: 'none',
  lookup: () => Promise.reject(new MapsNotConfiguredError()),
  streetView: () => Promise.reject(new MapsNotConfiguredError()),
  staticMap: () => Promise.reject(new MapsNotConfiguredError()),
};

/** Google with a key; else a Nominatim geocoder when one is configured (ADR 023); else none. */
export function createMaps(opts: {
  key?: string;
  baseUrl: string;
  geocoderUrl?: string;
  userAgent?: string;
}): Maps {
  if (opts.key) return createGoogleMaps({ key: opts.key, baseUrl: opts.baseUrl });
  if (opts.geocoderUrl)
    return createNominatim({ baseUrl: opts.geocoderUrl, userAgent: opts.userAgent ?? 'Prospector' });
  return notConfigured;
}
