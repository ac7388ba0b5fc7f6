import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { messages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../apps/server/src/db/schema/index.js';
import { startFakeGoogleMaps, type FakeGoogleMaps } from '../apps/server/src/test/fake-google-maps.js';
import { startFakeNominatim, type FakeNominatim } from '../apps/server/src/test/fake-nominatim.js';
import type { TestUser } from '../apps/server/src/test/factories.js';
import { insertProperty } from '../apps/server/src/test/property-factory.js';
import { insertOnboardedAdmin, launchBrowser, shot, signedIn, startServer } from './support/harness.js';

type Rgb = [number, number, number];

/** A PNG of w×h pixels whose colour at (x, y) is `paint(x, y)`, encoded by hand. */
function png(w: number, h: number, paint: (x: number, y: number) => Rgb): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(h * (1 + w * 3));
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rows.set(paint(x, y), y * (1 + w * 3) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A street scene: sky, a house with a roof and a door, a lawn. */
const STREET = png(500, 225, (x, y) => {
  if (y > 170) return [110, 160 - (y - 170), 80];
  const inHouse = x > 170 && x < 330 && y > 95 && y <= 170;
  const inRoof = y > 45 && y <= 95 && Math.abs(x - 250) < (y - 45) * 1.8;
  if (x > 235 && x < 265 && y > 125 && y <= 170) return [120, 72, 40];
  if (inHouse) return [236, 226, 208];
  if (inRoof) return [150, 62, 52];
  return [150 + y / 3, 190 + y / 5, 235];
});
/** A road map: blocks, streets, a park. */
const mapPaint =
  (size: number) =>
  (x: number, y: number): Rgb => {
    if (x % size < 10 || y % size < 10) return [255, 255, 255];
    if (x % (size * 3) < size && y % (size * 2) < size) return [200, 230, 190];
    return [241, 237, 229];
  };
const STATIC_MAP = png(640, 320, (x, y) =>
  (x - 320) ** 2 + (y - 160) ** 2 < 100 ? [224, 49, 49] : mapPaint(80)(x + 17, y + 33),
);
const TILE = png(256, 256, mapPaint(64));
/** The member's own photo: a warm façade with windows. */
const PHOTO = png(480, 216, (x, y) =>
  x % 80 > 20 && x % 80 < 60 && y % 72 > 18 && y % 72 < 54 ? [60, 80, 110] : [214 - y / 4, 150 + x / 12, 110],
);

/** Every request the page makes goes to 127.0.0.1 (data: and blob: URLs stay in the page). */
function watchHosts(page: Page) {
  const elsewhere: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.hostname !== '127.0.0.1')
      elsewhere.push(req.url());
  });
  return elsewhere;
}

async function expectLoaded(img: Locator) {
  await img.waitFor();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 10_000 })
    .toBeGreaterThan(0);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('record detail with a Google Maps key (a fake of Google on 127.0.0.1)', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let google: FakeGoogleMaps;
  let admin: TestUser;
  beforeAll(async () => {
    google = await startFakeGoogleMaps();
    google.streetViewImage = STREET;
    google.staticMapPng = STATIC_MAP;
    server = await startServer({ GOOGLE_MAPS_KEY: google.key, GOOGLE_MAPS_URL: google.url });
    admin = await insertOnboardedAdmin(server, 'omar@sierra.test', 'Omar Haddad', { name: 'Sierra Realty' });
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
  });

  it('shows the street view and the map, fills empty fields from the look-up, and takes a photo', async () => {
    const house = await insertProperty(server.database.db, admin.teamId, {
      Address: '1600 Amphitheatre Pkwy',
      City: 'Mountain View',
      State: 'CA',
      Owner: 'Dana Ruiz',
    });
    const address = '1600 Amphitheatre Pkwy, Mountain View, CA';
    const { context, page, problems } = await signedIn(browser, admin);
    const elsewhere = watchHosts(page);
    await page.goto(`${server.url}/?record=${house.id}`);
    const panel = page.getByRole('dialog').getByRole('region', { name: 'Address' });
    await expectLoaded(panel.getByRole('img', { name: `Street view of ${address}` }));
    await expectLoaded(panel.getByRole('img', { name: `Map of ${address}` }));
    await expect
      .poll(async () => (await row(house.id)).location)
      .toEqual({
        lat: 37.4223878,
        lng: -122.0841877,
        address,
      });
    // The key stays on the server: the page never saw it.
    expect(await page.content()).not.toContain(google.key);
    await shot(page, 'record-detail-google');

    await panel.getByRole('button', { name: 'Look up property info' }).click();
    await panel.getByRole('status').getByText('Filled Zip, Full.').waitFor();
    await panel.getByText(messages.recordDetail.propertyInfoNotConfigured).waitFor();
    const filled = (await row(house.id)).data;
    expect(filled).toMatchObject({ Owner: 'Dana Ruiz', City: 'Mountain View', Zip: '94043' });
    await expect
      .poll(() => page.getByRole('dialog').getByRole('textbox', { name: 'Zip' }).inputValue())
      .toBe('94043');

    await panel.locator('input[type="file"]').setInputFiles({
      name: 'house.png',
      mimeType: 'image/png',
      buffer: PHOTO,
    });
    const photo = panel.getByRole('img', { name: /^Photo of 1600 Amphitheatre Pkwy/ });
    await expectLoaded(photo);
    expect(await panel.getByRole('img', { name: /^Street view of/ }).count()).toBe(0);
    for (const close of await page.getByRole('button', { name: 'Close notification' }).all())
      await close.click();
    await page.getByText(messages.recordDetail.photoSaved).waitFor({ state: 'hidden' });
    await photo.scrollIntoViewIfNeeded();
    await shot(page, 'record-detail-google-photo');

    // The photo is the team's: served with the token, and to no one without it.
    const stored = (await row(house.id)).image!;
    const url = `${server.url}/api/items/${house.id}/image`;
    expect((await fetch(url)).status).toBe(401);
    const own = await fetch(url, { headers: admin.headers });
    expect(Buffer.from(await own.arrayBuffer()).equals(PHOTO)).toBe(true);
    expect(stored.type).toBe('png');
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  async function row(id: string) {
    const [found] = await server.database.db.select().from(items).where(eq(items.id, id));
    return found!;
  }
});

describe('record detail without a maps key: a tile server and a geocoder on 127.0.0.1', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let geocoder: FakeNominatim;
  let tiles: Server;
  const tileRequests: string[] = [];
  let admin: TestUser;
  beforeAll(async () => {
    tiles = createServer((req, res) => {
      tileRequests.push(req.url ?? '');
      if (!/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
        res.writeHead(404);
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
      res.end(TILE);
    });
    await new Promise<void>((r) => tiles.listen(0, '127.0.0.1', r));
    const port = (tiles.address() as AddressInfo).port;
    geocoder = await startFakeNominatim();
    server = await startServer({
      MAP_TILE_URL: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`,
      MAP_GEOCODER_URL: geocoder.url,
    });
    admin = await insertOnboardedAdmin(server, 'ines@harbor.test', 'Ines Park', { name: 'Harbor Homes' });
  });
  afterAll(async () => {
    await server?.close();
    await geocoder?.close();
    await new Promise<void>((r) => (tiles ? tiles.close(() => r()) : r()));
  });

  it('draws a Leaflet map from the tile server at the geocoded point, a placeholder photo, and says owners and beds are not configured', async () => {
    const address = '742 Evergreen Ter, Sacramento, CA 95814';
    const house = await insertProperty(server.database.db, admin.teamId, {
      Address: '742 Evergreen Ter',
      City: 'Sacramento',
      State: 'CA',
      Zip: '95814',
    });
    const { context, page, problems } = await signedIn(browser, admin);
    const elsewhere = watchHosts(page);
    await page.goto(`${server.url}/?record=${house.id}`);
    const panel = page.getByRole('dialog').getByRole('region', { name: 'Address' });
    await panel.getByText('No photo of this property yet').waitFor();
    const map = panel.getByRole('figure', { name: `Map of ${address}` });
    await expectLoaded(map.locator('img.leaflet-tile').first());
    await expect.poll(() => map.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(2);
    expect(tileRequests.every((u) => u.startsWith('/tiles/16/'))).toBe(true);
    // Geocoded once, and kept on the property.
    expect(geocoder.requests.map((r) => r.url.searchParams.get('q'))).toEqual([address]);
    const [kept] = await server.database.db.select().from(items).where(eq(items.id, house.id));
    expect(kept!.location).toEqual({ lat: 38.5816, lng: -121.4944, address });

    await panel.getByRole('button', { name: 'Look up property info' }).click();
    // The geocoder knows the place (it fills the empty Full address); owners and bedrooms need a
    // property-information provider, and the screen says there is none.
    await panel.getByRole('status').getByText('Filled Full.').waitFor();
    await panel.getByRole('status').getByText(messages.recordDetail.propertyInfoNotConfigured).waitFor();
    await shot(page, 'record-detail-tiles');
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the address with a link out where the geocoder knows no place, never an empty frame', async () => {
    const house = await insertProperty(server.database.db, admin.teamId, {
      Address: '9 Elm St',
      City: 'Davis',
      State: 'CA',
    });
    const { context, page, problems } = await signedIn(browser, admin);
    await page.goto(`${server.url}/?record=${house.id}`);
    const panel = page.getByRole('dialog').getByRole('region', { name: 'Address' });
    const link = panel.getByRole('link', { name: /Open in Google Maps/ });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('9 Elm St, Davis, CA')}`,
    );
    expect(await panel.locator('.leaflet-container').count()).toBe(0);
    await shot(page, 'record-detail-no-map');
    // The one failed load is the coordinates' 404 'No place was found', which the map falls back from.
    expect(problems).toEqual([
      'console.error: Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    await context.close();
  });
});
