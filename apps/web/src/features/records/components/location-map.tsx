import { Suspense } from 'react';
import { Anchor, Box, Group, Image, Skeleton, Text } from '@mantine/core';
import { IconExternalLink, IconMapPin } from '@tabler/icons-react';
import { mapKindOf, mapsLinkFor, messages, type ItemDto } from '@prospector/core';
import { lazyNamed } from '../../../components/lazy-load';
import { useCoordinates, useMapImage } from '../api/get-coordinates';

const LeafletMap = lazyNamed(() => import('./leaflet-map'), 'LeafletMap', { onDemand: true });

/** What the server offers for maps (its public config). */
export type MapSettings = {
  /** GOOGLE_MAPS_KEY is set: Google's map, drawn by the server. */
  mapsConfigured: boolean;
  /** The server geocodes addresses (Google, or a Nominatim geocoder). */
  geocoding: boolean;
  /** MAP_TILE_URL: a Leaflet map from this tile server. */
  mapTileUrl: string | null;
  mapTileAttribution: string;
  /** A provider or geocoder can fill a property's fields: 'Look up property info' is offered only then. */
  propertyInfoLookup?: boolean;
};

const MAP_HEIGHT = 220;

function OpenInMaps({ address }: { address: string }) {
  return (
    <Anchor href={mapsLinkFor(address)} target="_blank" rel="noreferrer" size="sm">
      <Group gap={4} component="span">
        {messages.recordDetail.openInMaps} <IconExternalLink size={14} />
      </Group>
    </Anchor>
  );
}

/** With no map to draw: the address and a link out, never an empty or broken frame. */
function AddressOnly({ address }: { address: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="center" p="sm" bg="gray.0" style={{ borderRadius: 8 }}>
      <IconMapPin size={18} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
      <Text size="sm" style={{ flex: 1 }}>
        {address}
      </Text>
      <OpenInMaps address={address} />
    </Group>
  );
}

/**
 * A map of an address (a property, or a Location field with the "Google Maps" flag): Google's when the
 * server has a maps key, Leaflet tiles when it has a tile server and the point is known (its geocoder,
 * or coordinates the record keeps: ADR 023), else the address with a link out. Coordinates come from the server (cached on the record when `item` is given).
 */
export function LocationMap({
  address,
  item,
  settings,
}: {
  address: string;
  item?: ItemDto;
  settings: MapSettings;
}) {
  const kind = mapKindOf(settings);
  // Without a geocoder a tile map needs coordinates the record already keeps.
  const point = useCoordinates(address, { item, enabled: kind !== 'none' && settings.geocoding });
  const google = useMapImage(kind === 'google' ? point.data : undefined);
  const label = `Map of ${address}`;
  if (kind === 'none' || point.isError || google.isError || (kind === 'tiles' && !point.data))
    return <AddressOnly address={address} />;
  if (!point.data || (kind === 'google' && !google.data))
    return <Skeleton h={MAP_HEIGHT} radius="md" aria-label={`Loading the map of ${address}`} />;
  return (
    <Box component="figure" m={0} aria-label={label}>
      {kind === 'google' ? (
        <Image src={google.data} alt={label} h={MAP_HEIGHT} radius="md" fit="cover" />
      ) : (
        <Suspense fallback={<Skeleton h={MAP_HEIGHT} radius="md" />}>
          <LeafletMap
            lat={point.data.lat}
            lng={point.data.lng}
            tileUrl={settings.mapTileUrl!}
            attribution={settings.mapTileAttribution}
            height={MAP_HEIGHT}
          />
        </Suspense>
      )}
      <Box component="figcaption" mt={6}>
        <OpenInMaps address={address} />
      </Box>
    </Box>
  );
}
