import { Button } from '@mantine/core';
import { IconPlus, IconSearch, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages, paths } from '@prospector/core';
import { EmptyState } from '../../../components/empty-state';

type CampaignsEmptyProps = { search: string; canCreate: boolean };

/** No campaigns at all (with the way to create one), or none matching the search. */
export function CampaignsEmpty({ search, canCreate }: CampaignsEmptyProps) {
  if (search) return <EmptyState icon={<IconSearch size={24} />} title={`No campaigns match “${search}”.`} />;
  return (
    <EmptyState
      icon={<IconSpeakerphone size={24} />}
      title={messages.campaigns.noCampaigns}
      description="A campaign texts the contacts you choose from your own phones, on the days and hours you set."
      action={
        canCreate && (
          <Button component={Link} to={paths.campaignBuilder} leftSection={<IconPlus size={16} />}>
            {messages.campaigns.createCampaign}
          </Button>
        )
      }
    />
  );
}
