import { getItemCoordinates, getPropertyCoordinates, getPropertyInfo, getStreetView } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { MapsFailedError, MapsNotConfiguredError, type PlaceInfo } from '../../providers/maps/index.js';

/** Property info, coordinates and street-view photos through the maps provider. */
export async function mapsRoutes(app: FastifyInstance) {
  const { maps } = app.services;

  async function ask<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof MapsNotConfiguredError) throw new DomainError('MAPS_NOT_CONFIGURED');
      if (err instanceof MapsFailedError) {
        app.log.warn({ err }, 'maps lookup failed');
        throw new DomainError('MAPS_FAILED');
      }
      throw err;
    }
  }
  async function place(address: string): Promise<PlaceInfo> {
    const found = await ask(() => maps.lookup(address));
    if (!found) throw new DomainError('ADDRESS_NOT_FOUND');
    return found;
  }

  route(app, getPropertyInfo, async ({ body }) => place(body.address));
  route(app, getPropertyCoordinates, async ({ params }) => (await place(params.address)).location);
  route(app, getItemCoordinates, async ({ body }) => (await place(body.fullAddress)).location);
  route(app, getStreetView, async ({ body }) => {
    const photo = await ask(() => maps.streetView(body.address));
    return { image: photo ? `data:${photo.contentType};base64,${photo.body.toString('base64')}` : null };
  });
}
