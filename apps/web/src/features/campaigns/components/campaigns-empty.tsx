import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlus, IconSearch, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages } from '@prospector/core';

type CampaignsEmptyProps = { search: string; canCreate: boolean };

/** No campaigns at all (with the way to create one), or none matching the search. */
export function CampaignsEmpty({ search, canCreate }: CampaignsEmptyProps) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="sm" py="lg">
        <ThemeIcon size={52} radius="xl" variant="light" color="brand">
          {search ? <IconSearch size={26} /> : <IconSpeakerphone size={26} />}
        </ThemeIcon>
        {search ? (
          <Text fw={600}>No campaigns match “{search}”.</Text>
        ) : (
          <>
            <Text fw={600}>{messages.campaigns.noCampaigns}</Text>
            <Text size="sm" c="dimmed" ta="center" maw={400}>
              A campaign texts the contacts you choose from your own phones, on the days and hours you set.
            </Text>
            {canCreate && (
              <Button component={Link} to="/campaign-builder" leftSection={<IconPlus size={16} />} mt="xs">
                {messages.campaigns.createCampaign}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
