import type { ReactNode } from 'react';
import { ActionIcon, Badge, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { LIST_DETAIL_PAGE_SIZE } from '@prospector/core';
import { formatCount } from '../utils/list-format';

/** Where a pane's paging stands, as the list's page holds it. */
export type PaneState = {
  total: number | undefined;
  skip: number;
  searching: boolean;
  /** A page is being fetched (the previous one stays on screen meanwhile). */
  fetching: boolean;
  onSkip: (skip: number) => void;
};

type ListPaneProps<T> = PaneState & {
  /** 'Properties', 'Contacts', 'Companies'; `plural` as a sentence says them. */
  title: string;
  plural: string;
  /** The page's rows, undefined until the first page came. */
  rows: T[] | undefined;
  /** The first page's loader, as a screen reader names it. */
  loadingLabel: string;
  /** The page's rows as the pane shows them, once they came. */
  children: (rows: T[]) => ReactNode;
};

/** 'Showing properties between 26 - 50' (1-based, spec part 2 §2). */
function pageRange(plural: string, skip: number, total: number): string {
  return `Showing ${plural} between ${skip + 1} - ${Math.min(skip + LIST_DETAIL_PAGE_SIZE, total)}`;
}

function Pager({
  skip,
  hasNext,
  onSkip,
}: {
  skip: number;
  hasNext: boolean;
  onSkip: (skip: number) => void;
}) {
  return (
    <ActionIcon.Group>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Previous page"
        disabled={skip === 0}
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
  );
}

/**
 * One of a list's panes (its properties, contacts or companies), 25 rows a page: its title and count,
 * the page's range with previous and next arrows, then its rows, or a loader, or why it is empty.
 */
export function ListPane<T>(p: ListPaneProps<T>) {
  const known = p.total !== undefined;
  const empty = known && p.total === 0;
  const hasNext = known && p.skip + LIST_DETAIL_PAGE_SIZE < p.total!;
  return (
    <Paper
      withBorder
      radius="lg"
      p={0}
      style={{ overflow: 'hidden' }}
      component="section"
      aria-label={p.title}
    >
      <Group
        justify="space-between"
        px="lg"
        py="md"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Group gap="xs">
          <Title order={2} fz={17}>
            {p.title}
          </Title>
          {known && (
            <Badge variant="light" color="gray" radius="sm">
              {formatCount(p.total!)}
            </Badge>
          )}
          {p.fetching && <Loader size={14} aria-label={`Loading ${p.plural}`} />}
        </Group>
        <Group gap="sm">
          {known && !empty && (
            <Text size="sm" c="dimmed">
              {pageRange(p.plural, p.skip, p.total!)}
            </Text>
          )}
          <Pager skip={p.skip} hasNext={hasNext} onSkip={p.onSkip} />
        </Group>
      </Group>
      {!p.rows ? (
        <Center h={200}>
          <Loader aria-label={p.loadingLabel} />
        </Center>
      ) : empty ? (
        <Stack align="center" py={48}>
          <Text c="dimmed">
            {p.searching ? `No ${p.plural} match this search.` : `No ${p.plural} in this list.`}
          </Text>
        </Stack>
      ) : (
        p.children(p.rows)
      )}
    </Paper>
  );
}
