import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One place the fake knows, in the shape of Nominatim's documented /search?format=jsonv2&addressdetails=1. */
export const EVERGREEN = {
  place_id: 1,
  lat: '38.5816',
  lon: '-121.4944',
  display_name: '742, Evergreen Terrace, Sacramento, Sacramento County, California, 95814, United States',
  address: {
    house_number: '742',
    road: 'Evergreen Terrace',
    city: 'Sacramento',
    county: 'Sacramento County',
    state: 'California',
    'ISO3166-2-lvl4': 'US-CA',
    postcode: '95814',
    country: 'United States',
    country_code: 'us',
  },
};

export type FakeNominatim = {
  url: string;
  /** Every request's URL and User-Agent, to assert what was asked. */
  requests: { url: URL; userAgent: string | undefined }[];
  failing: boolean;
  close(): Promise<void>;
};

/** A local HTTP fake of Nominatim's search: a list with the place for "evergreen" addresses, else []. */
export async function startFakeNominatim(): Promise<FakeNominatim> {
  const fake: FakeNominatim = {
    url: '',
    requests: [],
    failing: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    fake.requests.push({ url, userAgent: req.headers['user-agent'] });
    if (fake.failing) {
      res.writeHead(503);
      return res.end('overloaded');
    }
    if (url.pathname !== '/search' || url.searchParams.get('format') !== 'jsonv2') {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { code: 400, message: 'Parameter format is invalid.' } }));
    }
    const known = /evergreen/i.test(url.searchParams.get('q') ?? '');
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(known ? [EVERGREEN] : []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
