import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, type ItemDto, type SectionDto } from '@prospector/core';
import { buildItem, buildMember, buildUser } from '../../test/factories';
import { DEFAULT_CONFIG, mockApi, requestsTo, type FakeRoute } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const ITEM_ID = '33333333-3333-4333-8333-333333333333';
// The record modal is a lazy chunk: on a loaded 2-core machine its first load took over 3 s.
const LOAD = { timeout: 15_000 };
const ADDRESS = '12 Oak St, Sacramento, CA 95814';
const PROPERTY = buildItem({
  _id: ITEM_ID,
  type: 'property',
  idts: [],
  data: { Address: '12 Oak St', City: 'Sacramento', State: 'CA', Zip: '95814', Owner: 'Dana Ruiz' },
});
const GOOGLE = { ...DEFAULT_CONFIG, mapsConfigured: true, geocoding: true };
/** A geocoder or a property-information provider: the look-up can fill something. */
const LOOKUP = { ...DEFAULT_CONFIG, geocoding: true, propertyInfoLookup: true };
const TILES = { ...DEFAULT_CONFIG, mapTileUrl: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png' };

function setUp(
  routes: Record<string, FakeRoute> = {},
  item: ItemDto = PROPERTY,
  sections: SectionDto[] = [],
) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'GET /api/teams/members': { status: 200, body: { members: [buildMember()] } },
    [`GET /api/items/${ITEM_ID}`]: { status: 200, body: { item, messages: [], tasks: [], sections } },
    // A property's record asks whether it can be skip traced.
    [`GET /api/properties/skiptrace/${ITEM_ID}`]: {
      status: 200,
      body: { hasPhones: false, prices: { single: 0.06, multi: 0.05 }, demo: true },
    },
    ...routes,
  });
  return renderApp(`/billing?record=${ITEM_ID}`, { token: 'token-ann' });
}
const openRecord = async (name: RegExp = /12 Oak St/) =>
  within(await screen.findByRole('dialog', { name }, LOAD));
const addressPanel = async () => within((await openRecord()).getByRole('region', { name: 'Address' }));

describe('a property record: its photo', () => {
  it('shows the uploaded photo, fetched with the session token, and asks for no street view', async () => {
    setUp(
      { [`GET /api/items/${ITEM_ID}/image`]: { status: 200, body: 'jpeg bytes' } },
      {
        ...PROPERTY,
        image: `/api/items/${ITEM_ID}/image?v=abcd1234`,
      },
    );
    const panel = await addressPanel();
    const photo = await panel.findByRole('img', { name: `Photo of ${ADDRESS}` });
    expect(photo.getAttribute('src')).toMatch(/^data:/);
    expect(requestsTo('GET', `/api/items/${ITEM_ID}/image`)[0]?.token).toBe('token-ann');
    expect(requestsTo('POST', '/api/properties/streetView')).toHaveLength(0);
    expect(panel.getByRole('button', { name: 'Change photo' })).toBeInTheDocument();
  });

  it('uploads a photo as the form img, fileId, address and shows it', async () => {
    const withPhoto = { ...PROPERTY, image: `/api/items/${ITEM_ID}/image?v=abcd1234` };
    setUp({
      'POST /api/items/addImage': { status: 200, body: { item: withPhoto } },
      [`GET /api/items/${ITEM_ID}/image`]: { status: 200, body: 'png bytes' },
    });
    const panel = await addressPanel();
    expect(panel.getByText('No photo of this property yet')).toBeInTheDocument();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = new File(['png'], 'house.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await panel.findByRole('img', { name: `Photo of ${ADDRESS}` })).toBeInTheDocument();
    const form = requestsTo('POST', '/api/items/addImage')[0]!.body as FormData;
    expect(form.get('fileId')).toBe(ITEM_ID);
    expect(form.get('address')).toBe(ADDRESS);
    expect((form.get('img') as File).name).toBe('house.png');
    expect(await screen.findByText(messages.recordDetail.photoSaved)).toBeInTheDocument();
  });
});

describe('a property record: its map', () => {
  it('without a maps key or tile server: a placeholder photo, the address and a link out, and no look-ups', async () => {
    setUp();
    const panel = await addressPanel();
    expect(panel.getByText('No photo of this property yet')).toBeInTheDocument();
    expect(panel.getByRole('link', { name: /Open in Google Maps/ })).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(ADDRESS)}`,
    );
    expect(panel.queryByRole('img', { name: /Map of/ })).not.toBeInTheDocument();
    expect(requestsTo('POST', '/api/items/coordinates')).toHaveLength(0);
    // Nothing could fill the property's fields: the look-up is not offered.
    expect(panel.queryByRole('button', { name: 'Look up property info' })).not.toBeInTheDocument();
  });

  it("with a maps key: Google's map of the point, asked for the record so the server keeps it", async () => {
    setUp({
      'GET /api/config': { status: 200, body: GOOGLE },
      'POST /api/properties/streetView': { status: 200, body: { image: null } },
      'POST /api/items/coordinates': { status: 200, body: { lat: 38.58, lng: -121.49 } },
      'POST /api/properties/mapImage': { status: 200, body: { image: 'data:image/png;base64,iVBO' } },
    });
    const panel = await addressPanel();
    expect(await panel.findByRole('img', { name: `Map of ${ADDRESS}` })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBO',
    );
    expect(requestsTo('POST', '/api/items/coordinates')[0]?.body).toEqual({
      fullAddress: ADDRESS,
      itemId: ITEM_ID,
    });
    expect(requestsTo('POST', '/api/properties/mapImage')[0]?.body).toEqual({ lat: 38.58, lng: -121.49 });
  });

  it('with a maps key whose look-up fails: the address and its link, never a broken frame', async () => {
    setUp({
      'GET /api/config': { status: 200, body: GOOGLE },
      'POST /api/properties/streetView': { status: 200, body: { image: null } },
      'POST /api/items/coordinates': {
        status: 503,
        body: { code: 'MAPS_FAILED', message: 'Something went wrong.' },
      },
    });
    const panel = await addressPanel();
    await waitFor(() => expect(panel.getByRole('link', { name: /Open in Google Maps/ })).toBeInTheDocument());
    expect(panel.queryByLabelText(/Loading the map/)).not.toBeInTheDocument();
  });

  it('with a tile server and coordinates the record keeps: a Leaflet map from that server, no look-up', async () => {
    setUp(
      { 'GET /api/config': { status: 200, body: TILES } },
      {
        ...PROPERTY,
        location: { lat: 38.58, lng: -121.49, address: ADDRESS },
      },
    );
    const panel = await addressPanel();
    const figure = await panel.findByRole('figure', { name: `Map of ${ADDRESS}` }, LOAD);
    await waitFor(() => expect(figure.querySelector('.leaflet-container')).not.toBeNull(), LOAD);
    await waitFor(() => expect(figure.querySelector('img.leaflet-tile')).not.toBeNull(), LOAD);
    expect(figure.querySelector('img.leaflet-tile')!.getAttribute('src')).toMatch(
      /^http:\/\/127\.0\.0\.1:9\/tiles\/16\/\d+\/\d+\.png$/,
    );
    expect(requestsTo('POST', '/api/items/coordinates')).toHaveLength(0);
  });

  it('with a tile server and a geocoder: the point is looked up for the record, then drawn with tiles', async () => {
    setUp({
      'GET /api/config': { status: 200, body: { ...TILES, geocoding: true } },
      'POST /api/items/coordinates': { status: 200, body: { lat: 38.58, lng: -121.49 } },
    });
    const panel = await addressPanel();
    const figure = await panel.findByRole('figure', { name: `Map of ${ADDRESS}` }, LOAD);
    await waitFor(() => expect(figure.querySelector('img.leaflet-tile')).not.toBeNull(), LOAD);
    expect(requestsTo('POST', '/api/items/coordinates')[0]?.body).toEqual({
      fullAddress: ADDRESS,
      itemId: ITEM_ID,
    });
    expect(requestsTo('POST', '/api/properties/mapImage')).toHaveLength(0);
  });

  it('shows a map for a Location field with the Google Maps flag, and none without it', async () => {
    const field = (id: string, name: string, maps: boolean) => ({
      _id: id,
      name,
      type: 'Location' as const,
      options: [],
      config: { maps },
      system: false,
    });
    const section: SectionDto = {
      _id: 'sec-1',
      name: 'Site',
      hidden: false,
      users: [],
      system: false,
      fields: [field('f-site', 'Site address', true), field('f-mail', 'Mailing address', false)],
    };
    setUp({}, { ...PROPERTY, custom: { 'f-site': '77 Pine Rd, Davis, CA', 'f-mail': 'PO Box 4' } }, [
      section,
    ]);
    const site = within((await openRecord()).getByRole('region', { name: 'Site' }));
    expect(site.getByText('77 Pine Rd, Davis, CA')).toBeInTheDocument();
    expect(site.getAllByRole('link', { name: /Open in Google Maps/ })).toHaveLength(1);
  });
});

describe('a property record: the information look-up', () => {
  it('fills the empty fields and says which', async () => {
    const filled = { ...PROPERTY, data: { ...PROPERTY.data, Bedrooms: 3 } };
    setUp({
      'GET /api/config': { status: 200, body: LOOKUP },
      'POST /api/properties/getInfo': {
        status: 200,
        body: {
          place: null,
          facts: {
            owner: 'Someone Else',
            bedrooms: 3,
            bathrooms: null,
            lotSize: null,
            yearBuilt: null,
            use: null,
          },
          filled: ['Bedrooms'],
          item: filled,
        },
      },
    });
    const panel = await addressPanel();
    fireEvent.click(panel.getByRole('button', { name: 'Look up property info' }));
    expect(await panel.findByRole('status')).toHaveTextContent('Filled Bedrooms.');
    expect(requestsTo('POST', '/api/properties/getInfo')[0]?.body).toEqual({
      address: ADDRESS,
      itemId: ITEM_ID,
    });
  });

  it("says 'Something went wrong.' when the look-up fails", async () => {
    setUp({
      'GET /api/config': { status: 200, body: LOOKUP },
      'POST /api/properties/getInfo': {
        status: 503,
        body: { code: 'MAPS_FAILED', message: 'Something went wrong.' },
      },
    });
    const panel = await addressPanel();
    fireEvent.click(panel.getByRole('button', { name: 'Look up property info' }));
    expect(await panel.findByRole('alert')).toHaveTextContent(messages.records.propertyInfoFailed);
  });

  it('says plainly when no provider is configured', async () => {
    setUp({
      'GET /api/config': { status: 200, body: LOOKUP },
      'POST /api/properties/getInfo': {
        status: 501,
        body: {
          code: 'PROPERTY_INFO_NOT_CONFIGURED',
          message: messages.recordDetail.propertyInfoNotConfigured,
        },
      },
    });
    const panel = await addressPanel();
    fireEvent.click(panel.getByRole('button', { name: 'Look up property info' }));
    expect(await panel.findByRole('alert')).toHaveTextContent(
      messages.recordDetail.propertyInfoNotConfigured,
    );
  });
});
