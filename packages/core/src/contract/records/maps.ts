import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

const address = text().trim().min(3).max(300);
export const geoPoint = z.object({ lat: z.number(), lng: z.number() });

/** A property's place through the maps service; 501 with a clear message when none is configured. */
export const getPropertyInfo = defineEndpoint({
  method: 'POST',
  path: '/api/properties/getInfo',
  auth: true,
  body: z.object({ address }),
  response: z.object({
    formattedAddress: text(),
    street: text(),
    city: text(),
    state: text(),
    zip: text(),
    location: geoPoint,
    /** A street-level photo exists (fetch it with getStreetView). */
    streetView: z.boolean(),
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
  body: z.object({ fullAddress: address }),
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
