import {
  Button,
  Group,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages, paths, type ListDto } from '@prospector/core';
import { useListStats, type ListStats } from '../api/get-list-stats';
import { formatCount } from '../utils/list-format';
import { ImportProgress } from './import-progress';
import { ListWithoutContactsNote } from '../../../components/list-without-contacts-note';

type ListPanelProps = {
  list: ListDto;
  timeZone?: string | null;
  onLaunchCampaign: (listId: string) => void;
  /** The small 'List stats' heading; off where a container already says it. */
  withEyebrow?: boolean;
};

function Tile({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper bg="gray.0" radius="md" p="sm">
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={26} w={48} mt={4} />
      ) : (
        <Text fz={22} fw={700} lh={1.3}>
          {formatCount(value)}
        </Text>
      )}
    </Paper>
  );
}

function StatusBreakdown({ stats }: { stats: ListStats['statusStats'] }) {
  const total = stats.reduce((sum, s) => sum + s.count, 0);
  if (total === 0)
    return (
      <Text size="sm" c="dimmed">
        No contacts yet.
      </Text>
    );
  return (
    <Stack gap={10} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {stats.map((status) => (
        <li key={status.text} aria-label={`${status.text}: ${status.count}`}>
          <Group justify="space-between" gap="xs" mb={4}>
            <Text size="sm" truncate>
              {status.text}
            </Text>
            <Text size="sm" fw={600}>
              {formatCount(status.count)}
            </Text>
          </Group>
          <Progress value={(status.count / total) * 100} size="sm" radius="xl" color="brand.4" aria-hidden />
        </li>
      ))}
    </Stack>
  );
}

/** The selected list's side panel: verified figures, contacts per status and the way to a campaign. */
export function ListPanel({ list, timeZone, onLaunchCampaign, withEyebrow = true }: ListPanelProps) {
  const stats = useListStats(list._id);
  const importing = list.state === 'importing';
  return (
    <Stack gap="lg" component="section" aria-label={`${list.name} stats`}>
      <Stack gap={2}>
        {withEyebrow && (
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.04em' }}>
            List stats
          </Text>
        )}
        <Title order={2} fz={20} lineClamp={2}>
          {list.name}
        </Title>
      </Stack>
      <SimpleGrid cols={2} spacing="sm">
        <Tile label="Verified properties" value={stats.data?.verifiedProps} />
        <Tile label="Verified companies" value={stats.data?.verifiedComps} />
      </SimpleGrid>
      <Stack gap="sm">
        <Text fw={600} size="sm">
          Contacts by status
        </Text>
        {stats.isPending && <Loader size="sm" aria-label="Loading the list's stats" />}
        {stats.isError && (
          <Text size="sm" c="dimmed">
            The stats could not be loaded.
          </Text>
        )}
        {stats.data && <StatusBreakdown stats={stats.data.statusStats} />}
      </Stack>
      {importing && <ImportProgress list={list} timeZone={timeZone} />}
      <Stack gap="xs">
        <Button
          leftSection={<IconSpeakerphone size={18} />}
          disabled={importing}
          onClick={() => onLaunchCampaign(list._id)}
          fullWidth
        >
          {messages.lists.launchCampaign}
        </Button>
        {!importing && <ListWithoutContactsNote list={list} skiptrace="list page" />}
        <Button
          component={Link}
          to={paths.list.href({ id: list._id })}
          variant="default"
          rightSection={<IconArrowRight size={16} />}
          fullWidth
        >
          Open list
        </Button>
      </Stack>
    </Stack>
  );
}
