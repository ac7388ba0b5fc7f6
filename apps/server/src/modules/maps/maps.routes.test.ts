import { messages } from '@prospector/core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { FAKE_JPEG, startFakeGoogleMaps, type FakeGoogleMaps } from '../../test/fake-google-maps.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';

let t: TestApp;
let fake: FakeGoogleMaps | null = null;
afterEach(async () => {
  await t.close();
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
      formattedAddress: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
      street: '1600 Amphitheatre Parkway',
      city: 'Mountain View',
      state: 'CA',
      zip: '94043',
      location: { lat: 37.4223878, lng: -122.0841877 },
      streetView: true,
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
    expect(res.json().message).toBe(messages.records.addressNotFound);
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
      ['/api/properties/getInfo', { address: '1600 Amphitheatre Pkwy' }],
      ['/api/items/coordinates', { fullAddress: '1600 Amphitheatre Pkwy' }],
      ['/api/properties/streetView', { address: '1600 Amphitheatre Pkwy' }],
    ] as const) {
      const res = await post(admin, url, payload);
      expect(res.statusCode).toBe(501);
      expect(res.json().message).toBe(messages.records.mapsNotConfigured);
    }
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().mapsConfigured).toBe(false);
  });
});
