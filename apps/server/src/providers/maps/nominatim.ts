import type { Maps, PlaceInfo } from './maps.js';
import { MapsFailedError, MapsNotConfiguredError } from './maps.js';

/** One result of Nominatim's /search with format=jsonv2 and addressdetails=1 (its documented shape). */
type NominatimPlace = {
  lat: string;
  lon: string;
  display_name: string;
  address?: Record<string, string | undefined>;
};

const TIMEOUT_MS = 8000;

/**
 * A Nominatim geocoder (OpenStreetMap's; self-hosted, or a public instance within its usage policy,
 * which asks for an identifying User-Agent): places and coordinates for installs without a Google key.
 * It has no street-level photos and draws no maps (the web draws tiles itself), so those calls answer
 * 'not configured'.
 */
export function createNominatim(opts: { baseUrl: string; userAgent: string; fetch?: typeof fetch }): Maps {
  const doFetch = opts.fetch ?? fetch;
  return {
    configured: true,
    kind: 'geocoder',
    async lookup(address): Promise<PlaceInfo | null> {
      const u = new URL('search', opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`);
      u.searchParams.set('q', address);
      u.searchParams.set('format', 'jsonv2');
      u.searchParams.set('addressdetails', '1');
      u.searchParams.set('limit', '1');
      let res: Response;
      try {
        res = await doFetch(u, {
          headers: { 'user-agent': opts.userAgent, accept: 'application/json' },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        throw new MapsFailedError(`geocoder unreachable: ${(err as Error).message}`);
      }
      if (!res.ok) throw new MapsFailedError(`geocoder answered HTTP ${res.status}`);
      const found = ((await res.json()) as NominatimPlace[])[0];
      if (!found) return null;
      const lat = Number(found.lat);
      const lng = Number(found.lon);
      if (!Number.isFinite(lat) || !Number.isFinite(lng)) throw new MapsFailedError('geocoder gave no point');
      const a = found.address ?? {};
      // 'US-CA' → 'CA': the two-letter state as Google gives it, where the geocoder has the ISO code.
      const iso = a['ISO3166-2-lvl4']?.split('-')[1];
      return {
        formattedAddress: found.display_name,
        street: [a['house_number'], a['road']].filter(Boolean).join(' '),
        city: a['city'] ?? a['town'] ?? a['village'] ?? a['hamlet'] ?? '',
        state: iso ?? a['state'] ?? '',
        zip: a['postcode'] ?? '',
        location: { lat, lng },
        streetView: false,
      };
    },
    streetView: () => Promise.reject(new MapsNotConfiguredError()),
    staticMap: () => Promise.reject(new MapsNotConfiguredError()),
  };
}
