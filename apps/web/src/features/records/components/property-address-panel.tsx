import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconMapPin } from '@tabler/icons-react';
import type { ItemDto } from '@prospector/core';
import { LocationMap } from './location-map';
import { useMapSettings } from './map-settings';
import { PropertyInfoLookup } from './property-info-lookup';
import { PropertyPhoto } from './property-photo';
import { RecordPanel } from './record-panel';

/** A public real-estate listing search for an address, opened in a new tab (spec part 1 §2.4). */
export function listingSearchUrl(address: string): string {
  return `https://www.zillow.com/homes/${encodeURIComponent(address)}_rb/`;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/** The one-line address a property is looked up by: its street, city, state and zip. */
export function propertyAddressLine(data: ItemDto['data']): string {
  const street = text(data['Address']) || text(data['Street1']);
  const line = [
    street,
    text(data['City']),
    [text(data['State']), text(data['Zip'])].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return line || text(data['Full']);
}

/**
 * A property's address block: its photo (or street view, or a placeholder), address, city, state, zip
 * and Full address, the listing search link, its map, and the property information look-up.
 */
export function PropertyAddressPanel({ item }: { item: ItemDto }) {
  const address = propertyAddressLine(item.data);
  const maps = useMapSettings();
  const rows = [
    ['Address', text(item.data['Address']) || text(item.data['Street1'])],
    ['City', text(item.data['City'])],
    ['State', text(item.data['State'])],
    ['Zip', text(item.data['Zip'])],
    ['Full address', text(item.data['Full'])],
  ].filter(([, value]) => value);
  return (
    <RecordPanel title="Address" icon={<IconMapPin size={18} />}>
      <PropertyPhoto item={item} address={address} mapsConfigured={maps.mapsConfigured} />
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No address yet.
        </Text>
      ) : (
        <Stack gap={4}>
          {rows.map(([label, value]) => (
            <Group key={label} gap="sm" wrap="nowrap" align="baseline">
              <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
                {label}
              </Text>
              <Text size="sm">{value}</Text>
            </Group>
          ))}
        </Stack>
      )}
      {address && (
        <Anchor href={listingSearchUrl(address)} target="_blank" rel="noreferrer" size="sm">
          <Group gap={4} component="span">
            Search listings <IconExternalLink size={14} />
          </Group>
        </Anchor>
      )}
      {address && <LocationMap address={address} item={item} settings={maps} />}
      {maps.propertyInfoLookup && <PropertyInfoLookup item={item} address={address} />}
    </RecordPanel>
  );
}
