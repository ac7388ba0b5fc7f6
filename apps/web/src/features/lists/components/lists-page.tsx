import { useState } from 'react';
import { Box, Button, Drawer, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconLayoutSidebarRight, IconPhoneOff, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LIST_SEARCH_DEBOUNCE_MS, type ListDto, paths } from '@prospector/core';
import { CardSkeletons } from '../../../components/card-skeletons';
import { LoadFailed } from '../../../components/load-failed';
import { LoadMore } from '../../../components/load-more';
import { SearchPageHeader } from '../../../components/search-page-header';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { flattenLists, useLists } from '../api/get-lists';
import { useListEvents } from '../hooks/use-list-events';
import { useOpenCampaignBuilder } from '../hooks/use-open-campaign-builder';
import { DeleteListModal } from './delete-list-modal';
import { ListCards } from './list-cards';
import { ListPanel } from './list-panel';
import { ListsEmpty } from './lists-empty';

/** At this width the stats panel sits beside the cards; narrower screens open it as a drawer. */
const SIDE_BY_SIDE = '(min-width: 75em)';
const STICKY_TOP = 'calc(60px + var(--mantine-spacing-xl))';

/** /lists (spec part 2 §2): the team's lists, searched, reordered, with the selected one's stats. */
export function ListsPage({
  timeZone,
  canManage,
}: {
  timeZone?: string | null;
  /** Import, rename, reorder and delete lists (admin, or the `import` permission). */
  canManage: boolean;
}) {
  useListEvents();
  const { input, search, changeInput } = useDebouncedSearch(LIST_SEARCH_DEBOUNCE_MS);
  const query = useLists(search);
  const lists = flattenLists(query.data);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  // Looked up on every render: an import that ends while the modal is open changes what it says.
  const deleting = lists.find((l) => l._id === deletingId) ?? null;
  const selected = lists.find((l) => l._id === selectedId) ?? null;
  const sideBySide = useMediaQuery(SIDE_BY_SIDE);
  const openBuilder = useOpenCampaignBuilder();

  const panel = (withEyebrow: boolean) =>
    selected && (
      <ListPanel
        list={selected}
        timeZone={timeZone}
        onLaunchCampaign={openBuilder}
        withEyebrow={withEyebrow}
      />
    );

  return (
    <Stack gap="lg">
      <SearchPageHeader
        title="Lists"
        searchLabel="Search lists"
        value={input}
        onChange={changeInput}
        action={
          <Group gap="sm" wrap="nowrap">
            <Button
              component={Link}
              to={paths.exportContacts}
              variant="default"
              leftSection={<IconDownload size={16} />}
            >
              Export contacts
            </Button>
            {canManage && (
              <Button
                component={Link}
                to={paths.importDnc}
                variant="default"
                leftSection={<IconPhoneOff size={16} />}
              >
                Import DNC
              </Button>
            )}
            {canManage && (
              <Button component={Link} to={paths.import} leftSection={<IconUpload size={16} />}>
                Import list
              </Button>
            )}
          </Group>
        }
      />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={sideBySide ? 8 : 12}>
          {query.isPending ? (
            <CardSkeletons label="Loading lists" />
          ) : query.isError ? (
            <LoadFailed message="The lists could not be loaded." onRetry={() => void query.refetch()} />
          ) : lists.length === 0 ? (
            <ListsEmpty search={search} canImport={canManage} />
          ) : (
            <Stack gap="sm">
              <ListCards
                lists={lists}
                timeZone={timeZone}
                canReorder={canManage && search === ''}
                selectedId={selectedId}
                onSelect={setSelectedId}
                onCreateCampaign={openBuilder}
                onDelete={canManage ? (list: ListDto) => setDeletingId(list._id) : null}
              />
              <LoadMore pages={query} noun="lists" />
            </Stack>
          )}
        </Grid.Col>
        {sideBySide && (
          <Grid.Col span={4}>
            <Paper withBorder radius="lg" p="lg" pos="sticky" top={STICKY_TOP}>
              {panel(true) || <PanelHint />}
            </Paper>
          </Grid.Col>
        )}
      </Grid>
      <DeleteListModal list={deleting} onClose={() => setDeletingId(null)} />
      {!sideBySide && (
        <Drawer
          opened={selected !== null}
          onClose={() => setSelectedId(null)}
          position="right"
          size="md"
          title="List stats"
        >
          <Box>{panel(false)}</Box>
        </Drawer>
      )}
    </Stack>
  );
}

function PanelHint() {
  return (
    <Stack align="center" gap="xs" py="xl">
      <IconLayoutSidebarRight size={28} color="var(--mantine-color-gray-5)" />
      <Text size="sm" c="dimmed" ta="center" maw={260}>
        Select a list to see its verified records and contacts by status, and to launch a campaign.
      </Text>
    </Stack>
  );
}
