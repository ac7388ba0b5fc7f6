import {
  getItemCoordinates,
  getMapImage,
  getPropertyCoordinates,
  getPropertyInfo,
  getStreetView,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { createPropertyLookup } from './property-lookup.service.js';

const dataUrl = (image: { contentType: string; body: Buffer }) =>
  `data:${image.contentType};base64,${image.body.toString('base64')}`;

/** Property info, coordinates, street-view photos and map images through the maps and property-info providers. */
export async function mapsRoutes(app: FastifyInstance) {
  const { maps, propertyInfo, records } = app.services;
  const lookup = createPropertyLookup({ maps, propertyInfo, records, log: app.log });

  route(app, getPropertyInfo, async ({ auth, body }) => unwrap(await lookup.info(auth, body)));
  route(app, getPropertyCoordinates, async ({ auth, params }) =>
    unwrap(await lookup.coordinates(auth, params.address)),
  );
  route(app, getItemCoordinates, async ({ auth, body }) =>
    unwrap(await lookup.coordinates(auth, body.fullAddress, body.itemId)),
  );
  route(app, getStreetView, async ({ body }) => {
    const photo = unwrap(await lookup.ask(() => maps.streetView(body.address)));
    return { image: photo ? dataUrl(photo) : null };
  });
  route(app, getMapImage, async ({ body }) => ({
    image: dataUrl(unwrap(await lookup.ask(() => maps.staticMap(body)))),
  }));
}
