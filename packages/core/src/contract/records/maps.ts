import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';
import { itemDto } from './dto.js';

const address = text().trim().min(3).max(300);
export const geoPoint = z.object({ lat: z.number(), lng: z.number() });

export const placeInfo = z.object({
  formattedAddress: text(),
  street: text(),
  city: text(),
  state: text(),
  zip: text(),
  location: geoPoint,
  /** A street-level photo exists (fetch it with getStreetView). */
  streetView: z.boolean(),
});

/** What a property-information provider knows of a property (null where it does not know). */
export const propertyFacts = z.object({
  owner: text().nullable(),
  bedrooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  lotSize: z.number().nullable(),
  yearBuilt: z.number().int().nullable(),
  use: text().nullable(),
});

/**
 * The property information look-up (spec part 1 §7): the place through the maps service, and owner,
 * beds, baths, lot, year built and use through the property-information provider, each null when that
 * service is not configured (501 with a clear message when neither is). With `itemId` (a property)
 * the EMPTY fields of that property are filled from what was found, never one the user entered;
 * `filled` names them and `item` is the property afterwards. A failing service answers 503 with the
 * spec's 'Something went wrong.'.
 */
export const getPropertyInfo = defineEndpoint({
  method: 'POST',
  path: '/api/properties/getInfo',
  auth: true,
  body: z.object({ address, itemId: z.uuid().optional() }),
  response: z.object({
    place: placeInfo.nullable(),
    facts: propertyFacts.nullable(),
    filled: z.array(text()),
    item: itemDto.nullable(),
  }),
});

export const getPropertyCoordinates = defineEndpoint({
  method: 'GET',
  path: '/api/properties/coordinates/:address',
  auth: true,
  params: z.object({ address }),
  response: geoPoint,
});

export const getItemCoordinates = defineEndpoint({
  method: 'POST',
  path: '/api/items/coordinates',
  auth: true,
  /** With `itemId` the point is cached on that record (and read from there while its address holds). */
  body: z.object({ fullAddress: address, itemId: z.uuid().optional() }),
  response: geoPoint,
});

/** The 1000×450 street-level photo as a data URL (the maps key never reaches the browser); null when none. */
export const getStreetView = defineEndpoint({
  method: 'POST',
  path: '/api/properties/streetView',
  auth: true,
  body: z.object({ address }),
  response: z.object({ image: text().nullable() }),
});

const lat = z.number().min(-90).max(90);
const lng = z.number().min(-180).max(180);

/**
 * A 640×320 map of the point with a marker, from the maps service's static maps, as a data URL (the
 * key never reaches the browser). 501 without a maps key.
 */
export const getMapImage = defineEndpoint({
  method: 'POST',
  path: '/api/properties/mapImage',
  auth: true,
  body: z.object({ lat, lng }),
  response: z.object({ image: text() }),
});
