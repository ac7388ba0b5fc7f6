import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { text } from './text.js';

/** What the logged-out pages need from the server's configuration. */
export const getPublicConfig = defineEndpoint({
  method: 'GET',
  path: '/api/config',
  auth: false,
  response: z.object({
    /** Contact address of the Terms, the Privacy Policy and 'Book a demo'. */
    contactEmail: text(),
    /** Where 'Book a demo' leads; null means a mail to contactEmail. */
    bookDemoUrl: text().nullable(),
    /** The embedded default prints login codes to the server log instead of mailing them. */
    codesInServerLog: z.boolean(),
    /** Google Maps is configured: properties show street-view photos and Google's maps. */
    mapsConfigured: z.boolean(),
    /** Stripe's publishable key, for card entry in the browser (Stripe Elements); null: payments are not configured. */
    stripePublishableKey: text().nullable(),
    /** Addresses can be geocoded (Google, or a Nominatim geocoder): a tile map can find any property. */
    geocoding: z.boolean(),
    /**
     * A property's 'Look up property info' can fill something: a property-information provider or a
     * geocoder is configured. Without either the button is not offered (issue 30).
     */
    propertyInfoLookup: z.boolean(),
    /** Without a maps key: the tile server (a `{z}/{x}/{y}` URL template) Leaflet maps are drawn from. */
    mapTileUrl: text().nullable(),
    /** The credit the tile server asks for, shown in the map's corner. */
    mapTileAttribution: text(),
  }),
});
