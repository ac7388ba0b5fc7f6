import { useState } from 'react';
import {
  Anchor,
  Badge,
  Box,
  Button,
  CloseButton,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { LIST_SEARCH_DEBOUNCE_MS, messages, type BulkActor, paths } from '@prospector/core';
import { NO_BULK_ACTOR } from '../../../components/bulk/bulk-action-bar';
import { LazyBoundary, lazyNamed, usePreload } from '../../../components/lazy-load';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useListDetail } from '../api/get-list-by-id';
import type { ListPage } from '../api/lists-keys';
import { useListEvents } from '../hooks/use-list-events';
import { ImportProgress } from './import-progress';
import { PropertiesPane } from './properties-pane';
import { RecordsPane } from './records-pane';
import { ListBulk } from './list-bulk';

type View = 'property' | 'contact' | 'company';
const VIEW_LABELS: Record<View, string> = {
  property: 'Properties',
  contact: 'Contacts',
  company: 'Companies',
};

const RIGHT_PANE_MAX_WIDTH = 500;

// The pane's charts bring their own library (~95 KB of the page's JavaScript): the pane is a chunk of
// its own, fetched while the list's data loads, under the same skeleton (ADR 015).
const ListStatsPane = lazyNamed(() => import('./list-stats-pane'), 'ListStatsPane', {
  onDemand: true,
});
const statsSkeleton = <Skeleton h={420} radius="lg" />;

/** /lists/:id (spec part 2 §2): the list's properties on the left, its figures and actions on the right. */
export function ListDetailPage({
  timeZone,
  actor = NO_BULK_ACTOR,
}: {
  timeZone?: string | null;
  actor?: BulkActor;
}) {
  const { id = '' } = useParams();
  // Another list starts on its first page with an empty search.
  return <ListDetail key={id} id={id} timeZone={timeZone} actor={actor} />;
}

function ListDetail({ id, timeZone, actor }: { id: string; timeZone?: string | null; actor: BulkActor }) {
  useListEvents();
  usePreload(ListStatsPane, 'now');
  const [input, setInput] = useState('');
  const [page, setPage] = useState<ListPage>({ skip: 0, search: '', type: 'property' });
  const applySearch = useDebouncedCallback(
    (value: string) => setPage((current) => ({ ...current, skip: 0, search: value.trim() })),
    LIST_SEARCH_DEBOUNCE_MS,
  );
  const detail = useListDetail(id, page);
  const data = detail.data;
  const counts: Record<View, number> = {
    property: data?.list.propCount ?? 0,
    contact: data?.list.itemCount ?? 0,
    company: data?.list.compCount ?? 0,
  };
  // A list without properties opens on its contacts, or its companies (issue 30): the page asked for
  // properties shows the first kind the list has until the user picks one.
  const firstKind: View | null = counts.contact > 0 ? 'contact' : counts.company > 0 ? 'company' : null;
  const noProperties =
    data !== undefined && counts.property === 0 && !page.chosen && page.search === '' && firstKind !== null;
  if (noProperties && firstKind && page.type !== firstKind)
    setPage((current) => ({ ...current, skip: 0, type: firstKind }));
  const view: View = page.type ?? 'property';
  const views = (Object.keys(VIEW_LABELS) as View[]).filter((v) => counts[v] > 0 || v === view);

  if (detail.isError && !data) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Stack align="center" gap="sm" py="xl">
        <Text c="dimmed">{missing ? messages.lists.listNotFound : 'The list could not be loaded.'}</Text>
        <Group>
          <Button component={Link} to={paths.lists} variant="default">
            Back to lists
          </Button>
          {!missing && <Button onClick={() => void detail.refetch()}>Try again</Button>}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Anchor component={Link} to={paths.lists} size="sm" c="dimmed" w="fit-content">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            Lists
          </Group>
        </Anchor>
        <Group justify="space-between" align="center" wrap="nowrap" gap="lg">
          <Stack gap={4} style={{ minWidth: 0 }}>
            {data ? <PageTitle>{data.list.name}</PageTitle> : <Skeleton h={34} w={260} />}
            {data && (
              <Group gap="xs">
                {data.list.state === 'importing' && <Badge variant="light">Importing</Badge>}
                {data.list.state === 'failed' && (
                  <Badge variant="light" color="red">
                    Failed
                  </Badge>
                )}
                <Text size="sm" c="dimmed">
                  Created {formatDate(data.list.createdAt, timeZone)}
                </Text>
                {data.list.state === 'failed' && data.list.error && (
                  <Text size="sm" c="red.7">
                    {data.list.error}
                  </Text>
                )}
              </Group>
            )}
          </Stack>
          <TextInput
            aria-label={`Search ${VIEW_LABELS[view].toLowerCase()}`}
            placeholder={`Search ${VIEW_LABELS[view].toLowerCase()}`}
            value={input}
            onChange={(event) => {
              setInput(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
            leftSection={<IconSearch size={16} />}
            rightSection={
              input ? (
                <CloseButton
                  size="sm"
                  aria-label="Clear search"
                  onClick={() => {
                    setInput('');
                    applySearch('');
                  }}
                />
              ) : null
            }
            w={300}
            style={{ flexShrink: 0 }}
          />
        </Group>
      </Stack>
      {data?.list.state === 'importing' && (
        <Box maw={RIGHT_PANE_MAX_WIDTH}>
          <ImportProgress list={data.list} timeZone={timeZone} />
        </Box>
      )}
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          {views.length > 1 && (
            <SegmentedControl
              aria-label="Records of the list"
              w="fit-content"
              value={view}
              onChange={(value) =>
                setPage((current) => ({ ...current, skip: 0, type: value as View, chosen: true }))
              }
              data={views.map((v) => ({
                value: v,
                label: `${VIEW_LABELS[v]} · ${counts[v].toLocaleString('en-US')}`,
              }))}
            />
          )}
          <ListBulk
            listId={id}
            type={view}
            search={page.search}
            total={detail.isPlaceholderData ? undefined : data?.total}
            actor={actor}
          />
          {view === 'property' ? (
            <PropertiesPane
              listId={id}
              properties={data?.properties}
              total={data?.total}
              skip={data ? page.skip : 0}
              searching={page.search !== ''}
              fetching={detail.isFetching && detail.isPlaceholderData}
              onSkip={(skip) => setPage((current) => ({ ...current, skip }))}
            />
          ) : (
            <RecordsPane
              type={view}
              records={detail.isPlaceholderData ? undefined : data?.records}
              total={detail.isPlaceholderData ? undefined : data?.total}
              skip={page.skip}
              searching={page.search !== ''}
              fetching={detail.isFetching && detail.isPlaceholderData}
              onSkip={(skip) => setPage((current) => ({ ...current, skip }))}
            />
          )}
        </Stack>
        <Box w="100%" maw={RIGHT_PANE_MAX_WIDTH} style={{ flex: `0 1 ${RIGHT_PANE_MAX_WIDTH}px` }}>
          {data ? (
            <LazyBoundary variant="screen" fallback={statsSkeleton}>
              <ListStatsPane data={data} />
            </LazyBoundary>
          ) : (
            statsSkeleton
          )}
        </Box>
      </Group>
    </Stack>
  );
}
