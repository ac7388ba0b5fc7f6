export { mapsRoutes } from './maps.routes.js';
export type MapsErrorCode = 'MAPS_NOT_CONFIGURED' | 'MAPS_FAILED' | 'ADDRESS_NOT_FOUND';
