import { useState } from 'react';
import {
  Accordion,
  ActionIcon,
  Badge,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { LIST_DETAIL_PAGE_SIZE, type ListProperty } from '@prospector/core';
import { formatCount } from '../utils/list-format';
import { PropertyRow } from './property-row';

type PropertiesPaneProps = {
  listId: string;
  properties: ListProperty[] | undefined;
  total: number | undefined;
  skip: number;
  searching: boolean;
  /** A page is being fetched (the previous one stays on screen meanwhile). */
  fetching: boolean;
  onSkip: (skip: number) => void;
};

/** 'Showing properties between 26 - 50' (1-based, spec part 2 §2). */
export function pageRange(skip: number, total: number): string {
  return `Showing properties between ${skip + 1} - ${Math.min(skip + LIST_DETAIL_PAGE_SIZE, total)}`;
}

/** The list's properties, 25 a page with previous and next arrows; each opens into its details. */
export function PropertiesPane({
  listId,
  properties,
  total,
  skip,
  searching,
  fetching,
  onSkip,
}: PropertiesPaneProps) {
  const [opened, setOpened] = useState<string | null>(null);
  const known = total !== undefined;
  const empty = known && total === 0;
  const hasPrevious = skip > 0;
  const hasNext = known && skip + LIST_DETAIL_PAGE_SIZE < total;
  return (
    <Paper
      withBorder
      radius="lg"
      p={0}
      style={{ overflow: 'hidden' }}
      component="section"
      aria-label="Properties"
    >
      <Group
        justify="space-between"
        px="lg"
        py="md"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Group gap="xs">
          <Title order={2} fz={17}>
            Properties
          </Title>
          {known && (
            <Badge variant="light" color="gray" radius="sm">
              {formatCount(total)}
            </Badge>
          )}
          {fetching && <Loader size={14} aria-label="Loading properties" />}
        </Group>
        <Group gap="sm">
          {known && !empty && (
            <Text size="sm" c="dimmed">
              {pageRange(skip, total)}
            </Text>
          )}
          <ActionIcon.Group>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Previous page"
              disabled={!hasPrevious}
              onClick={() => onSkip(Math.max(0, skip - LIST_DETAIL_PAGE_SIZE))}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Next page"
              disabled={!hasNext}
              onClick={() => onSkip(skip + LIST_DETAIL_PAGE_SIZE)}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </ActionIcon.Group>
        </Group>
      </Group>
      {!properties ? (
        <Center h={200}>
          <Loader aria-label="Loading the list" />
        </Center>
      ) : empty ? (
        <Stack align="center" py={48}>
          <Text c="dimmed">
            {searching ? 'No properties match this search.' : 'No properties in this list.'}
          </Text>
        </Stack>
      ) : (
        <Accordion
          value={opened}
          onChange={setOpened}
          variant="default"
          chevronPosition="right"
          styles={{
            control: { paddingInline: 'var(--mantine-spacing-lg)' },
            // Details line up with the row's title, past its icon.
            content: {
              paddingLeft: 'calc(var(--mantine-spacing-lg) + 44px)',
              paddingRight: 'var(--mantine-spacing-lg)',
              paddingBottom: 'var(--mantine-spacing-lg)',
            },
          }}
        >
          {properties.map((property) => (
            <PropertyRow
              key={property._id}
              listId={listId}
              property={property}
              open={opened === property._id}
            />
          ))}
        </Accordion>
      )}
    </Paper>
  );
}
