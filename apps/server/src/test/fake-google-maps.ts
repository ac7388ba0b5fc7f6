import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One place the fake knows, in the shape of the Geocoding API's documented answer. */
const AMPHITHEATRE = {
  formatted_address: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
  address_components: [
    { long_name: '1600', short_name: '1600', types: ['street_number'] },
    { long_name: 'Amphitheatre Parkway', short_name: 'Amphitheatre Pkwy', types: ['route'] },
    { long_name: 'Mountain View', short_name: 'Mountain View', types: ['locality', 'political'] },
    {
      long_name: 'Santa Clara County',
      short_name: 'Santa Clara County',
      types: ['administrative_area_level_2', 'political'],
    },
    { long_name: 'California', short_name: 'CA', types: ['administrative_area_level_1', 'political'] },
    { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
    { long_name: '94043', short_name: '94043', types: ['postal_code'] },
  ],
  geometry: { location: { lat: 37.4223878, lng: -122.0841877 }, location_type: 'ROOFTOP' },
  place_id: 'ChIJF4Yf2Ry7j4AR__1AkytDyAE',
  types: ['street_address'],
};
/** A tiny valid JPEG (SOI … EOI) standing in for the photo. */
export const FAKE_JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

/** A 1×1 PNG standing in for a static map. */
export const FAKE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export type FakeGoogleMaps = {
  url: string;
  key: string;
  /** Every request's path and query, to assert what was asked. */
  requests: URL[];
  /** Makes every answer an HTTP 500 (the service is down). */
  failing: boolean;
  /** What the Maps Static API answers (a tiny PNG unless a test paints a real map). */
  staticMapPng: Buffer;
  /** The street-view photo (a bare JPEG frame unless a test paints a real picture). */
  streetViewImage: Buffer;
  close(): Promise<void>;
};

/**
 * A local HTTP fake of the Geocoding, Street View Static and Maps Static APIs, answering as their
 * documentation says: status OK / ZERO_RESULTS / REQUEST_DENIED in the body, the photo as image/jpeg,
 * the map as image/png.
 */
export async function startFakeGoogleMaps(): Promise<FakeGoogleMaps> {
  const fake: FakeGoogleMaps = {
    url: '',
    key: 'fake-maps-key-123',
    requests: [],
    failing: false,
    staticMapPng: FAKE_PNG,
    streetViewImage: FAKE_JPEG,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const json = (res: ServerResponse, body: object) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const knows = (address: string | null) => !!address && /amphitheatre/i.test(address);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    fake.requests.push(url);
    if (fake.failing) {
      res.writeHead(500);
      return res.end('backend error');
    }
    if (url.searchParams.get('key') !== fake.key)
      return json(res, {
        status: 'REQUEST_DENIED',
        error_message: 'The provided API key is invalid.',
        results: [],
      });
    if (url.pathname === '/maps/api/geocode/json') {
      const address = url.searchParams.get('address');
      return json(
        res,
        knows(address) ? { status: 'OK', results: [AMPHITHEATRE] } : { status: 'ZERO_RESULTS', results: [] },
      );
    }
    const location = url.searchParams.get('location');
    if (url.pathname === '/maps/api/streetview/metadata')
      return json(
        res,
        knows(location)
          ? {
              status: 'OK',
              copyright: '© Google',
              date: '2024-05',
              location: AMPHITHEATRE.geometry.location,
              pano_id: 'p1',
            }
          : { status: 'ZERO_RESULTS' },
      );
    // The Maps Static API: a PNG map for a valid center, a 400 with a text body otherwise (as Google does).
    if (url.pathname === '/maps/api/staticmap') {
      if (!/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/.test(url.searchParams.get('center') ?? '')) {
        res.writeHead(400, { 'content-type': 'text/html' });
        return res.end('The center parameter is invalid.');
      }
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(fake.staticMapPng);
    }
    if (url.pathname === '/maps/api/streetview' && url.searchParams.get('size') === '1000x450') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end(fake.streetViewImage);
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
