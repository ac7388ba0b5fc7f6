export { mapsRoutes } from './maps.routes.js';
