import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, TileLayer } from 'react-leaflet';

export type LeafletMapProps = {
  lat: number;
  lng: number;
  /** The tile server's `{z}/{x}/{y}` URL template (MAP_TILE_URL). */
  tileUrl: string;
  attribution: string;
  height: number;
};

/**
 * A Leaflet map of one point, drawn from the configured tile server: its own chunk, fetched the first
 * time a record shows a map, so Leaflet never weighs on another page. The marker is a drawn circle,
 * not Leaflet's default icon image (which bundlers lose).
 */
export function LeafletMap({ lat, lng, tileUrl, attribution, height }: LeafletMapProps) {
  return (
    <MapContainer
      center={[lat, lng]}
      zoom={16}
      scrollWheelZoom={false}
      style={{ height, width: '100%', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <TileLayer url={tileUrl} attribution={attribution} />
      <CircleMarker
        center={[lat, lng]}
        radius={9}
        pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#e03131', fillOpacity: 1 }}
      />
    </MapContainer>
  );
}
