import { messages, serverMessages } from '@prospector/core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { eq } from 'drizzle-orm';
import { envSchema } from '../../config.js';
import { items } from '../../db/schema/index.js';
import { tileOrigin } from '../../plugins/security-headers.js';
import { PropertyInfoFailedError, type PropertyInfo } from '../../providers/property-info/index.js';
import {
  FAKE_JPEG,
  FAKE_PNG,
  startFakeGoogleMaps,
  type FakeGoogleMaps,
} from '../../test/fake-google-maps.js';
import { insertContact, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { startFakeNominatim } from '../../test/fake-nominatim.js';
import { insertProperty } from '../../test/property-factory.js';

let t: TestApp;
let fake: FakeGoogleMaps | null = null;
afterEach(async () => {
  await t?.close();
  t = undefined as unknown as TestApp;
  await fake?.close();
  fake = null;
});

async function withMaps(): Promise<TestUser> {
  fake = await startFakeGoogleMaps();
  t = await buildTestApp({ GOOGLE_MAPS_KEY: fake.key, GOOGLE_MAPS_URL: fake.url });
  return insertTeamAdmin(t, 'admin@acme.test');
}
const post = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });

describe('property info through Google Maps', () => {
  it('answers a known address with its parts, location and street-view availability', async () => {
    const admin = await withMaps();
    const res = await post(admin, '/api/properties/getInfo', {
      address: '1600 Amphitheatre Parkway, Mountain View',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      place: {
        formattedAddress: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
        street: '1600 Amphitheatre Parkway',
        city: 'Mountain View',
        state: 'CA',
        zip: '94043',
        location: { lat: 37.4223878, lng: -122.0841877 },
        streetView: true,
      },
      // No property-information provider is configured: the maps service knows places, not owners.
      facts: null,
      filled: [],
      item: null,
    });
    const geocode = fake!.requests.find((u) => u.pathname === '/maps/api/geocode/json')!;
    expect(geocode.searchParams.get('address')).toBe('1600 Amphitheatre Parkway, Mountain View');
  });

  it('gives coordinates by path and by body', async () => {
    const admin = await withMaps();
    const byPath = await t.app.inject({
      method: 'GET',
      url: `/api/properties/coordinates/${encodeURIComponent('1600 Amphitheatre Pkwy')}`,
      headers: admin.headers,
    });
    expect(byPath.json()).toEqual({ lat: 37.4223878, lng: -122.0841877 });
    const byBody = await post(admin, '/api/items/coordinates', { fullAddress: '1600 Amphitheatre Pkwy' });
    expect(byBody.json()).toEqual({ lat: 37.4223878, lng: -122.0841877 });
  });

  it('says when no place matches the address', async () => {
    const admin = await withMaps();
    const res = await post(admin, '/api/properties/getInfo', { address: 'Nowhere lane 99' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(serverMessages.records.addressNotFound);
  });

  it("answers the spec's 'Something went wrong.' when the service fails, and logs why", async () => {
    const admin = await withMaps();
    fake!.failing = true;
    const res = await post(admin, '/api/properties/getInfo', { address: '1600 Amphitheatre Pkwy' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(messages.records.propertyInfoFailed);
    expect(t.logs()).toContain('maps service answered HTTP 500');
  });

  it('treats a refused key as a failure, not as an unknown address', async () => {
    fake = await startFakeGoogleMaps();
    t = await buildTestApp({ GOOGLE_MAPS_KEY: 'wrong-key-456', GOOGLE_MAPS_URL: fake.url });
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const res = await post(admin, '/api/properties/getInfo', { address: '1600 Amphitheatre Pkwy' });
    expect(res.statusCode).toBe(503);
    expect(t.logs()).toContain('REQUEST_DENIED');
  });

  it('returns the 1000×450 street-view photo as a data URL, null where there is none', async () => {
    const admin = await withMaps();
    const res = await post(admin, '/api/properties/streetView', { address: '1600 Amphitheatre Pkwy' });
    expect(res.json().image).toBe(`data:image/jpeg;base64,${FAKE_JPEG.toString('base64')}`);
    const none = await post(admin, '/api/properties/streetView', { address: 'Nowhere lane 99' });
    expect(none.json()).toEqual({ image: null });
  });

  it('needs a signed-in user and a real address', async () => {
    const admin = await withMaps();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/properties/getInfo',
      payload: { address: 'x y z' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await post(admin, '/api/properties/getInfo', { address: ' ' })).statusCode).toBe(400);
    expect(fake!.requests).toHaveLength(0);
  });
});

describe('without a maps key', () => {
  it("answers every maps call with a clear 'not configured' and the public config says so", async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    for (const [url, payload] of [
      ['/api/items/coordinates', { fullAddress: '1600 Amphitheatre Pkwy' }],
      ['/api/properties/streetView', { address: '1600 Amphitheatre Pkwy' }],
      ['/api/properties/mapImage', { lat: 37.42, lng: -122.08 }],
    ] as const) {
      const res = await post(admin, url, payload);
      expect(res.statusCode).toBe(501);
      expect(res.json().message).toBe(serverMessages.records.mapsNotConfigured);
    }
    const info = await post(admin, '/api/properties/getInfo', { address: '1600 Amphitheatre Pkwy' });
    expect([info.statusCode, info.json().message]).toEqual([
      501,
      messages.recordDetail.propertyInfoNotConfigured,
    ]);
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ mapsConfigured: false, mapTileUrl: null });
  });

  it('offers the configured tile server to the web app, and lets the browser load its tiles', async () => {
    t = await buildTestApp({ MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' });
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({
      mapsConfigured: false,
      mapTileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      mapTileAttribution: '© OpenStreetMap contributors',
    });
    const images = String(config.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('img-src'));
    expect(images).toContain('https://*.tiles.example.org');
    expect(tileOrigin('http://127.0.0.1:8123/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8123');
  });

  it('refuses a tile URL without its {z}/{x}/{y} placeholders at start-up', () => {
    expect(() => envSchema.parse({ MAP_TILE_URL: 'https://tiles.example.org/map.png' })).toThrow(
      /must contain \{z\}, \{x\} and \{y\}/,
    );
  });
});

describe('without a Google key, with a Nominatim geocoder', () => {
  it('geocodes and keeps coordinates, fills address parts, and has no street views or Google maps', async () => {
    const geocoder = await startFakeNominatim();
    try {
      t = await buildTestApp({
        MAP_GEOCODER_URL: geocoder.url,
        MAP_TILE_URL: 'http://127.0.0.1:1/{z}/{x}/{y}.png',
      });
      const admin = await insertTeamAdmin(t, 'admin@acme.test');
      const config = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json()).toMatchObject({ mapsConfigured: false, geocoding: true });
      const house = await insertProperty(t.database.db, admin.teamId, { Address: '742 Evergreen Ter' });
      const ask = () =>
        post(admin, '/api/items/coordinates', { fullAddress: '742 Evergreen Ter', itemId: house.id });
      expect((await ask()).json()).toEqual({ lat: 38.5816, lng: -121.4944 });
      expect((await ask()).json()).toEqual({ lat: 38.5816, lng: -121.4944 });
      expect(geocoder.requests).toHaveLength(1);
      expect(geocoder.requests[0]!.userAgent).toBe('Prospector (http://localhost)');
      const info = await post(admin, '/api/properties/getInfo', {
        address: '742 Evergreen Ter',
        itemId: house.id,
      });
      expect(info.json().filled).toEqual(['City', 'State', 'Zip', 'Full']);
      expect(info.json().item.data).toMatchObject({ City: 'Sacramento', State: 'CA', Zip: '95814' });
      const none = await post(admin, '/api/items/coordinates', { fullAddress: 'Nowhere lane 99' });
      expect(none.statusCode).toBe(404);
      const street = await post(admin, '/api/properties/streetView', { address: '742 Evergreen Ter' });
      expect(street.statusCode).toBe(501);
      geocoder.failing = true;
      const failed = await post(admin, '/api/items/coordinates', { fullAddress: '742 Evergreen Terrace' });
      expect([failed.statusCode, failed.json().message]).toEqual([503, 'Something went wrong.']);
    } finally {
      await geocoder.close();
    }
  });
});

/** A property-information provider that knows one house, as an adapter would map its provider's answer. */
function fakePropertyInfo(opts: { failing?: boolean } = {}): PropertyInfo & { asked: string[] } {
  const asked: string[] = [];
  return {
    configured: true,
    asked,
    async lookup(address) {
      asked.push(address);
      if (opts.failing) throw new PropertyInfoFailedError('provider answered HTTP 500');
      if (!/oak st/i.test(address)) return null;
      return {
        owner: 'Dana Ruiz',
        bedrooms: 3,
        bathrooms: 2,
        lotSize: 6534,
        yearBuilt: 1962,
        use: 'Single Family Residential',
      };
    },
  };
}

describe('the property information look-up on a record', () => {
  async function withProvider(provider: PropertyInfo, maps = false) {
    if (maps) fake = await startFakeGoogleMaps();
    t = await buildTestApp(maps ? { GOOGLE_MAPS_KEY: fake!.key, GOOGLE_MAPS_URL: fake!.url } : {}, {
      propertyInfo: provider,
    });
    return insertTeamAdmin(t, 'admin@acme.test');
  }

  it('fills only the empty fields of the property, never one the user entered', async () => {
    const admin = await withProvider(fakePropertyInfo());
    const house = await insertProperty(t.database.db, admin.teamId, {
      Address: '12 Oak St',
      City: 'Austin',
      Owner: 'Entered By Hand',
      Bedrooms: null,
      'Year Built': '  ',
    });
    const res = await post(admin, '/api/properties/getInfo', {
      address: '12 Oak St, Austin',
      itemId: house.id,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.filled).toEqual(['Bedrooms', 'Bathrooms', 'Lot Size', 'Year Built', 'Use Description']);
    expect(body.item.data).toEqual({
      Address: '12 Oak St',
      City: 'Austin',
      Owner: 'Entered By Hand',
      Bedrooms: 3,
      Bathrooms: 2,
      'Lot Size': 6534,
      'Year Built': '1962',
      'Use Description': 'Single Family Residential',
    });
    const [row] = await t.database.db.select().from(items).where(eq(items.id, house.id));
    expect(row!.data['Owner']).toBe('Entered By Hand');
    const again = await post(admin, '/api/properties/getInfo', {
      address: '12 Oak St, Austin',
      itemId: house.id,
    });
    expect(again.json().filled).toEqual([]);
  });

  it('with the maps service too, fills the address parts and keeps the coordinates for the map', async () => {
    const admin = await withProvider(fakePropertyInfo(), true);
    const house = await insertProperty(t.database.db, admin.teamId, { Address: '1600 Amphitheatre Pkwy' });
    const res = await post(admin, '/api/properties/getInfo', {
      address: '1600 Amphitheatre Pkwy',
      itemId: house.id,
    });
    expect(res.json().filled).toEqual(['City', 'State', 'Zip', 'Full']);
    expect(res.json().facts).toBeNull();
    expect(res.json().item.location).toEqual({
      lat: 37.4223878,
      lng: -122.0841877,
      address: '1600 Amphitheatre Pkwy',
    });
  });

  it("answers the spec's 'Something went wrong.' when the provider fails, changing nothing", async () => {
    const admin = await withProvider(fakePropertyInfo({ failing: true }));
    const house = await insertProperty(t.database.db, admin.teamId, { Address: '12 Oak St' });
    const res = await post(admin, '/api/properties/getInfo', { address: '12 Oak St', itemId: house.id });
    expect([res.statusCode, res.json().message]).toEqual([503, 'Something went wrong.']);
    const [row] = await t.database.db.select().from(items).where(eq(items.id, house.id));
    expect(row!.data).toEqual({ Address: '12 Oak St' });
    expect(t.logs()).toContain('provider answered HTTP 500');
  });

  it("looks up another team's property for nobody, and only properties", async () => {
    const provider = fakePropertyInfo();
    const admin = await withProvider(provider);
    const house = await insertProperty(t.database.db, admin.teamId, { Address: '12 Oak St' });
    const eve = await insertTeamAdmin(t, 'eve@other.test');
    const res = await post(eve, '/api/properties/getInfo', { address: '12 Oak St', itemId: house.id });
    expect(res.statusCode).toBe(404);
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann' });
    const contact = await post(admin, '/api/properties/getInfo', { address: '12 Oak St', itemId: ann.id });
    expect([contact.statusCode, contact.json().message]).toEqual([
      400,
      serverMessages.recordDetail.infoOnlyProperties,
    ]);
    expect(provider.asked).toEqual([]);
  });
});

describe("a property's coordinates", () => {
  it('are kept on the property and asked again only when its address changes', async () => {
    const admin = await withMaps();
    const house = await insertProperty(t.database.db, admin.teamId, { Address: '1600 Amphitheatre Pkwy' });
    const ask = (fullAddress: string) =>
      post(admin, '/api/items/coordinates', { fullAddress, itemId: house.id });
    const geocodes = () => fake!.requests.filter((u) => u.pathname === '/maps/api/geocode/json').length;
    expect((await ask('1600 Amphitheatre Pkwy')).json()).toEqual({ lat: 37.4223878, lng: -122.0841877 });
    expect(geocodes()).toBe(1);
    expect((await ask('1600  amphitheatre pkwy')).json()).toEqual({ lat: 37.4223878, lng: -122.0841877 });
    expect(geocodes()).toBe(1);
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/items/${house.id}`,
      headers: admin.headers,
    });
    expect(record.json().item.location).toEqual({
      lat: 37.4223878,
      lng: -122.0841877,
      address: '1600 Amphitheatre Pkwy',
    });
    await ask('1600 Amphitheatre Parkway, Mountain View');
    expect(geocodes()).toBe(2);
    const eve = await insertTeamAdmin(t, 'eve@other.test');
    const stranger = await post(eve, '/api/items/coordinates', {
      fullAddress: 'Amphitheatre',
      itemId: house.id,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('are drawn on a map image by the maps service, the key never reaching the browser', async () => {
    const admin = await withMaps();
    const res = await post(admin, '/api/properties/mapImage', { lat: 37.4223878, lng: -122.0841877 });
    expect(res.json().image).toBe(`data:image/png;base64,${FAKE_PNG.toString('base64')}`);
    const asked = fake!.requests.find((u) => u.pathname === '/maps/api/staticmap')!;
    expect(asked.searchParams.get('center')).toBe('37.4223878,-122.0841877');
    expect(asked.searchParams.get('markers')).toBe('color:red|37.4223878,-122.0841877');
    expect(res.body).not.toContain(fake!.key);
    expect((await post(admin, '/api/properties/mapImage', { lat: 91, lng: 0 })).statusCode).toBe(400);
  });
});
