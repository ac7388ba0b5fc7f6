import { createGoogleMaps } from './google-maps.js';
import { MapsNotConfiguredError, type Maps } from './maps.js';

export type { GeoPoint, Maps, PlaceInfo, StreetViewImage } from './maps.js';
export { MapsFailedError, MapsNotConfiguredError } from './maps.js';

/** Without a key there is no maps service: the embedded default says so instead of guessing places. */
const notConfigured: Maps = {
  configured: false,
  lookup: () => Promise.reject(new MapsNotConfiguredError()),
  streetView: () => Promise.reject(new MapsNotConfiguredError()),
  staticMap: () => Promise.reject(new MapsNotConfiguredError()),
};

export function createMaps(opts: { key?: string; baseUrl: string }): Maps {
  return opts.key ? createGoogleMaps({ key: opts.key, baseUrl: opts.baseUrl }) : notConfigured;
}
