import { createContext, useContext } from 'react';
import type { MapSettings } from './location-map';

/** No maps service and no tile server: every map is the address with a link out. */
export const NO_MAPS: MapSettings = {
  mapsConfigured: false,
  geocoding: false,
  mapTileUrl: null,
  mapTileAttribution: '',
};

/** What the server offers for maps, for every map of the open record (address panel, Location fields). */
export const MapSettingsContext = createContext<MapSettings>(NO_MAPS);

export const useMapSettings = () => useContext(MapSettingsContext);
