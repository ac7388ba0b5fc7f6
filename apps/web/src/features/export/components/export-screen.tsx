import { useState } from 'react';
import { Button, Center, Group, Loader, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { messages } from '@prospector/core';
import { LoadFailed } from '../../../components/load-failed';
import { PageTitle } from '../../../components/page-title';
import classes from './export.module.css';
import { useExportCounts } from '../api/count-export';
import { useExportByStatus } from '../api/export-by-status';

/** /export-contacts (spec part 2 §2): pick a lead status, download its contacts as a CSV. */
export function ExportScreen() {
  const counts = useExportCounts();
  const exporter = useExportByStatus();
  const [statusId, setStatusId] = useState<string | null>(null);
  const statuses = counts.data?.statuses ?? [];
  const chosen = statuses.find((s) => s._id === statusId) ?? null;
  const empty = chosen !== null && chosen.count === 0;

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <PageTitle>Export Data</PageTitle>
        <Text c="dimmed">
          Download every contact with one lead status as a CSV file named after the status.
        </Text>
      </Stack>
      <Paper withBorder radius="lg" p="lg">
        {counts.isPending ? (
          <Center h={160}>
            <Loader aria-label="Loading the statuses" />
          </Center>
        ) : counts.isError ? (
          <LoadFailed message="The statuses could not be loaded." onRetry={() => void counts.refetch()} />
        ) : (
          <Stack gap="lg">
            <Radio.Group
              label="Lead status"
              description="Each status shows how many contacts have it."
              value={statusId}
              onChange={setStatusId}
              styles={{ label: { fontWeight: 700 } }}
            >
              {statuses.length === 0 ? (
                <Text size="sm" c="dimmed" mt="sm">
                  There are no lead statuses yet.
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" mt="md">
                  {statuses.map((status) => (
                    <Radio.Card
                      key={status._id}
                      value={status._id}
                      radius="md"
                      px="md"
                      py="sm"
                      className={classes.card}
                    >
                      <Group wrap="nowrap" gap="sm">
                        <Radio.Indicator />
                        <Text size="sm" fw={500}>
                          {`${status.text} (${status.count.toLocaleString('en-US')})`}
                        </Text>
                      </Group>
                    </Radio.Card>
                  ))}
                </SimpleGrid>
              )}
            </Radio.Group>
            <Group justify="flex-end" gap="md">
              {empty && (
                <Text size="sm" c="dimmed">
                  {messages.lists.exportEmpty}
                </Text>
              )}
              <Button
                leftSection={<IconDownload size={18} />}
                disabled={chosen === null || empty}
                loading={exporter.isPending}
                onClick={() => chosen && exporter.mutate(chosen._id)}
              >
                Export
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
