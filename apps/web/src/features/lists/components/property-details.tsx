import { Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconPhone, IconX } from '@tabler/icons-react';
import { type ListProperty } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { withThousands } from '../../../lib/format';
import { PropertySkiptrace } from './property-skiptrace';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm">{value.trim() || '—'}</Text>
    </Stack>
  );
}

/** A property's fields (spec part 2 §2), then its phones, or the skip trace that would find them. */
export function PropertyDetails({ listId, property }: { listId: string; property: ListProperty }) {
  const address = [property.Street1, property.Street2].filter((p) => p.trim()).join(', ');
  const fields: [string, string][] = [
    ['Address', address],
    ['City', property.City],
    ['State', property.State],
    ['Use description', property['Use Description']],
    ['Lot size', withThousands(property['Lot Size'])],
    ['Year built', property['Year Built']],
    ['Bedrooms', property.Bedrooms],
    ['Bathrooms', property.Bathrooms],
    ['Full baths', property['Full Baths']],
    ['Garage capacity', property['Garage Capacity']],
    ['Pool', property.Pool],
    ['Owner', property.Owner],
  ];
  return (
    <Stack gap="md" pt={4}>
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md" verticalSpacing="sm">
        {fields.map(([label, value]) => (
          <Field key={label} label={label} value={value} />
        ))}
        <Stack gap={2}>
          <Text size="xs" c="dimmed" fw={500}>
            Verified owner
          </Text>
          <Group gap={6}>
            <ThemeIcon size={18} radius="xl" variant="light" color={property.verifiedOwner ? 'teal' : 'gray'}>
              {property.verifiedOwner ? <IconCheck size={12} /> : <IconX size={12} />}
            </ThemeIcon>
            <Text size="sm">{property.verifiedOwner ? 'Yes' : 'No'}</Text>
          </Group>
        </Stack>
      </SimpleGrid>
      {property.phones.length > 0 ? (
        <Group gap="xs">
          {property.phones.map((phone) => (
            <Group
              key={phone}
              gap={6}
              px="sm"
              py={4}
              bg="gray.0"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            >
              <IconPhone size={14} color="var(--mantine-color-gray-6)" />
              <Text size="sm">{formatPhone(phone)}</Text>
            </Group>
          ))}
        </Group>
      ) : (
        <Group
          justify="space-between"
          p="sm"
          bg="gray.0"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Text size="sm" c="dimmed">
            No phones for this property yet.
          </Text>
          <PropertySkiptrace listId={listId} propId={property._id} />
        </Group>
      )}
    </Stack>
  );
}
