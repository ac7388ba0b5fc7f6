import { useState } from 'react';
import { Button, Center, CloseButton, Group, Loader, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CampaignDto } from '@prospector/core';
import { PageTitle } from '../../../components/page-title';
import { flattenCampaigns, useCampaigns } from '../api/get-campaigns';
import { useStartStopCampaign } from '../api/start-stop-campaign';
import { useCampaignEvents } from '../hooks/use-campaign-events';
import { useLoadMoreOnScroll } from '../../../lib/use-load-more-on-scroll';
import { CampaignCard } from './campaign-card';
import { CampaignDetailsModal } from './campaign-details-modal';
import { CampaignsEmpty } from './campaigns-empty';
import { DeleteCampaignModal } from './delete-campaign-modal';

/** Spec part 2 §9: the campaigns search waits 600 ms after the last keystroke. */
export const CAMPAIGN_SEARCH_DEBOUNCE_MS = 600;

type CampaignsPageProps = {
  /** Admins and members with the campaigns permission get the way to the builder (spec part 2 §6). */
  canCreate: boolean;
};

/** /campaigns (spec part 2 §2): the team's campaigns, searched, refreshed every 30 s. */
export function CampaignsPage({ canCreate }: CampaignsPageProps) {
  useCampaignEvents();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const applySearch = useDebouncedCallback(
    (value: string) => setSearch(value.trim()),
    CAMPAIGN_SEARCH_DEBOUNCE_MS,
  );
  const query = useCampaigns(search);
  const campaigns = flattenCampaigns(query.data);
  const startStop = useStartStopCampaign();
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  // Looked up on every render: the modals follow the card's refreshed figures and state.
  const details = campaigns.find((c) => c._id === detailsId) ?? null;
  const deleting = campaigns.find((c) => c._id === deletingId) ?? null;
  useLoadMoreOnScroll(query.hasNextPage && !query.isFetchingNextPage, () => void query.fetchNextPage());

  function changeSearch(value: string) {
    setInput(value);
    applySearch(value);
  }

  function playPause(campaign: CampaignDto) {
    startStop.mutate({ campaignId: campaign._id, paused: !campaign.paused });
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <PageTitle>Campaigns</PageTitle>
        <Group gap="sm">
          <TextInput
            aria-label="Search campaigns"
            placeholder="Search campaigns"
            value={input}
            onChange={(event) => changeSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            rightSection={
              input ? (
                <CloseButton size="sm" aria-label="Clear search" onClick={() => changeSearch('')} />
              ) : null
            }
            w={280}
          />
          {canCreate && (
            <Button component={Link} to="/campaign-builder" leftSection={<IconPlus size={16} />}>
              New campaign
            </Button>
          )}
        </Group>
      </Group>
      {query.isPending ? (
        <Stack gap="sm" aria-label="Loading campaigns">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={150} radius="lg" />
          ))}
        </Stack>
      ) : query.isError && campaigns.length === 0 ? (
        <Stack align="center" gap="sm" py="xl">
          <Text c="dimmed">The campaigns could not be loaded.</Text>
          <Button variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : campaigns.length === 0 ? (
        <CampaignsEmpty search={search} canCreate={canCreate} />
      ) : (
        <Stack gap="sm">
          {campaigns.map((campaign) => (
            <CampaignCard
              key={campaign._id}
              campaign={campaign}
              onPlayPause={playPause}
              onDetails={(c) => setDetailsId(c._id)}
              onDelete={(c) => setDeletingId(c._id)}
            />
          ))}
          {query.isFetchingNextPage && (
            <Center py="sm">
              <Loader size="sm" aria-label="Loading more campaigns" />
            </Center>
          )}
          {query.hasNextPage && !query.isFetchingNextPage && (
            <Center>
              <Button variant="subtle" onClick={() => void query.fetchNextPage()}>
                Show more campaigns
              </Button>
            </Center>
          )}
        </Stack>
      )}
      <CampaignDetailsModal campaign={details} onClose={() => setDetailsId(null)} />
      <DeleteCampaignModal campaign={deleting} onClose={() => setDeletingId(null)} />
    </Stack>
  );
}
