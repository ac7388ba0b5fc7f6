import type { Maps, PlaceInfo, StreetViewImage } from './maps.js';
import { MapsFailedError } from './maps.js';

type AddressComponent = { long_name: string; short_name: string; types: string[] };
type GeocodeResponse = {
  status: string;
  error_message?: string;
  results: {
    formatted_address: string;
    address_components: AddressComponent[];
    geometry: { location: { lat: number; lng: number } };
  }[];
};
type StreetViewMetadata = { status: string; error_message?: string };

const TIMEOUT_MS = 8000;
const STREET_VIEW_SIZE = '1000x450';
const STATIC_MAP_SIZE = '640x320';
const STATIC_MAP_ZOOM = '16';

/**
 * Google Maps Platform: the Geocoding API for places, the Street View Static API for photos (its
 * metadata call, which is free, says whether a photo exists) and the Maps Static API for map images. `baseUrl` is the API's origin,
 * replaced by a local fake in tests.
 */
export function createGoogleMaps(opts: { key: string; baseUrl: string; fetch?: typeof fetch }): Maps {
  const doFetch = opts.fetch ?? fetch;
  const url = (path: string, params: Record<string, string>) => {
    const u = new URL(path, opts.baseUrl);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    u.searchParams.set('key', opts.key);
    return u;
  };
  async function get(u: URL): Promise<Response> {
    try {
      return await doFetch(u, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new MapsFailedError(`maps service unreachable: ${(err as Error).message}`);
    }
  }
  async function getJson<T>(u: URL): Promise<T> {
    const res = await get(u);
    if (!res.ok) throw new MapsFailedError(`maps service answered HTTP ${res.status}`);
    return (await res.json()) as T;
  }
  async function hasStreetView(address: string): Promise<boolean> {
    const meta = await getJson<StreetViewMetadata>(
      url('/maps/api/streetview/metadata', { location: address }),
    );
    if (meta.status === 'OK') return true;
    if (meta.status === 'ZERO_RESULTS' || meta.status === 'NOT_FOUND') return false;
    throw new MapsFailedError(`street view metadata: ${meta.status} ${meta.error_message ?? ''}`.trim());
  }

  return {
    configured: true,
    kind: 'google',
    async lookup(address): Promise<PlaceInfo | null> {
      const body = await getJson<GeocodeResponse>(url('/maps/api/geocode/json', { address }));
      if (body.status === 'ZERO_RESULTS') return null;
      if (body.status !== 'OK' || !body.results[0])
        throw new MapsFailedError(`geocoding: ${body.status} ${body.error_message ?? ''}`.trim());
      const place = body.results[0];
      const part = (type: string, short = false) => {
        const c = place.address_components.find((a) => a.types.includes(type));
        return c ? (short ? c.short_name : c.long_name) : '';
      };
      const street = [part('street_number'), part('route')].filter(Boolean).join(' ');
      return {
        formattedAddress: place.formatted_address,
        street,
        city: part('locality') || part('postal_town') || part('sublocality'),
        state: part('administrative_area_level_1', true),
        zip: part('postal_code'),
        location: place.geometry.location,
        streetView: await hasStreetView(address),
      };
    },
    async streetView(address): Promise<StreetViewImage | null> {
      if (!(await hasStreetView(address))) return null;
      const res = await get(url('/maps/api/streetview', { location: address, size: STREET_VIEW_SIZE }));
      if (!res.ok) throw new MapsFailedError(`street view answered HTTP ${res.status}`);
      return {
        contentType: res.headers.get('content-type') ?? 'image/jpeg',
        body: Buffer.from(await res.arrayBuffer()),
      };
    },
    async staticMap({ lat, lng }): Promise<StreetViewImage> {
      // The Maps Static API: an error is an HTTP status with a text body, never an image.
      // Fixed decimals: 1e-7 or -0 written as JavaScript prints them are not coordinates to Google.
      const at = `${lat.toFixed(7)},${lng.toFixed(7)}`;
      const res = await get(
        url('/maps/api/staticmap', {
          center: at,
          zoom: STATIC_MAP_ZOOM,
          size: STATIC_MAP_SIZE,
          scale: '2',
          markers: `color:red|${at}`,
        }),
      );
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || !type.startsWith('image/'))
        throw new MapsFailedError(`static map answered HTTP ${res.status} ${type}`.trim());
      return { contentType: type, body: Buffer.from(await res.arrayBuffer()) };
    },
  };
}
