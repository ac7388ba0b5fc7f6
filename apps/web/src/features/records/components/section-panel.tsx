import { SimpleGrid } from '@mantine/core';
import type { ItemDto, SectionDto } from '@prospector/core';
import type { RecordData } from '../api/get-item';
import { useUpdateField } from '../api/update-item';
import { FieldEditor } from './field-editors';
import { LocationMap } from './location-map';
import { useMapSettings } from './map-settings';
import { RecordPanel } from './record-panel';

/** System fields live in `item.data` by name, custom ones in `item.custom` by id. */
function valueOf(item: ItemDto, field: SectionDto['fields'][number]) {
  return field.system ? item.data[field.name] : item.custom[field._id];
}

/** A section of fields, each editable in place by its type. */
export function SectionPanel({ section, record }: { section: SectionDto; record: RecordData }) {
  const update = useUpdateField(record);
  const maps = useMapSettings();
  // "A map can be shown for a location" (spec part 1 §2.4): Location fields with the Google Maps flag.
  const mapped = section.fields.flatMap((field) => {
    const value = valueOf(record.item, field);
    return field.type === 'Location' && field.config.maps && typeof value === 'string' && value.trim()
      ? [{ field, address: value.trim() }]
      : [];
  });
  return (
    <RecordPanel title={section.name}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="xs">
        {section.fields.map((field) => (
          <FieldEditor
            key={field._id}
            field={field}
            value={valueOf(record.item, field)}
            onSave={(value) => update.mutate({ field, value })}
          />
        ))}
      </SimpleGrid>
      {mapped.map(({ field, address }) => (
        <LocationMap key={field._id} address={address} settings={maps} />
      ))}
    </RecordPanel>
  );
}
