import { Accordion, Badge, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHome, IconRosetteDiscountCheck } from '@tabler/icons-react';
import type { ListProperty } from '@prospector/core';
import { plural } from '../utils/list-format';
import { PropertyDetails } from './property-details';

/** A property of the list: title, place, phones and verified owner; it opens into its details. */
export function PropertyRow({
  listId,
  property,
  open,
}: {
  listId: string;
  property: ListProperty;
  open: boolean;
}) {
  const place = [property.City, property.State].filter((p) => p.trim()).join(', ');
  const phones = property.phones.length;
  return (
    <Accordion.Item value={property._id}>
      <Accordion.Control
        icon={
          <ThemeIcon variant="light" color="gray" radius="md" size={32}>
            <IconHome size={17} />
          </ThemeIcon>
        }
      >
        <Group justify="space-between" wrap="nowrap" gap="sm" pr="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate>
              {property.title}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {place || '—'}
            </Text>
          </Stack>
          <Group gap={6} wrap="nowrap">
            {property.verifiedOwner && (
              <Badge
                color="teal"
                variant="light"
                radius="sm"
                tt="none"
                fw={600}
                leftSection={<IconRosetteDiscountCheck size={13} />}
              >
                Verified
              </Badge>
            )}
            <Badge
              color={phones ? 'brand' : 'gray'}
              variant={phones ? 'light' : 'outline'}
              radius="sm"
              tt="none"
              fw={600}
            >
              {phones ? plural(phones, 'phone') : 'No phones'}
            </Badge>
          </Group>
        </Group>
      </Accordion.Control>
      {/* Details are built when opened: 25 closed rows stay light. */}
      <Accordion.Panel>{open && <PropertyDetails listId={listId} property={property} />}</Accordion.Panel>
    </Accordion.Item>
  );
}
