import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CampaignDto } from '@prospector/core';
import { CardSkeletons } from '../../../components/card-skeletons';
import { LoadFailed } from '../../../components/load-failed';
import { LoadMore } from '../../../components/load-more';
import { SearchPageHeader } from '../../../components/search-page-header';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { flattenCampaigns, useCampaigns } from '../api/get-campaigns';
import { useStartStopCampaign } from '../api/start-stop-campaign';
import { useCampaignEvents } from '../hooks/use-campaign-events';
import { CampaignCard } from './campaign-card';
import { CampaignDetailsModal } from './campaign-details-modal';
import { CampaignsEmpty } from './campaigns-empty';
import { DeleteCampaignModal } from './delete-campaign-modal';
import { paths } from '@prospector/core';

/** Spec part 2 §9: the campaigns search waits 600 ms after the last keystroke. */
export const CAMPAIGN_SEARCH_DEBOUNCE_MS = 600;

type CampaignsPageProps = {
  /** Admins and members with the campaigns permission get the way to the builder (spec part 2 §6). */
  canCreate: boolean;
};

/** /campaigns (spec part 2 §2): the team's campaigns, searched, refreshed every 30 s. */
export function CampaignsPage({ canCreate }: CampaignsPageProps) {
  useCampaignEvents();
  const { input, search, changeInput } = useDebouncedSearch(CAMPAIGN_SEARCH_DEBOUNCE_MS);
  const query = useCampaigns(search);
  const campaigns = flattenCampaigns(query.data);
  const startStop = useStartStopCampaign();
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  // Looked up on every render: the modals follow the card's refreshed figures and state.
  const details = campaigns.find((c) => c._id === detailsId) ?? null;
  const deleting = campaigns.find((c) => c._id === deletingId) ?? null;

  function playPause(campaign: CampaignDto) {
    startStop.mutate({ campaignId: campaign._id, paused: !campaign.paused });
  }

  return (
    <Stack gap="lg">
      <SearchPageHeader
        title="Campaigns"
        searchLabel="Search campaigns"
        value={input}
        onChange={changeInput}
        action={
          canCreate && (
            <Button component={Link} to={paths.campaignBuilder} leftSection={<IconPlus size={16} />}>
              New campaign
            </Button>
          )
        }
      />
      {query.isPending ? (
        <CardSkeletons label="Loading campaigns" />
      ) : query.isError && campaigns.length === 0 ? (
        <LoadFailed message="The campaigns could not be loaded." onRetry={() => void query.refetch()} />
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
          <LoadMore pages={query} noun="campaigns" />
        </Stack>
      )}
      <CampaignDetailsModal campaign={details} onClose={() => setDetailsId(null)} />
      <DeleteCampaignModal campaign={deleting} onClose={() => setDeletingId(null)} />
    </Stack>
  );
}
