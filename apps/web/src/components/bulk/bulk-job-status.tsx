import { useState } from 'react';
import { Alert, Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconDownload, IconRocket } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { bulkJobOffers, bulkProgressText, messages, type BulkJobDto, paths } from '@prospector/core';
import { ApiError } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { saveCsv } from '../../lib/save-blob';
import { useNow } from '../../lib/use-now';
import { downloadBulkExport } from './bulk-api';

type BulkJobStatusProps = { job: BulkJobDto; onUndo: () => void; onClose: () => void };

/**
 * A job's live progress, then its result line with what comes next: Undo after a delete, the CSV
 * after an export, the campaign builder with "these N records" after a campaign selection.
 */
export function BulkJobStatus({ job, onUndo, onClose }: BulkJobStatusProps) {
  const now = useNow(15_000);
  if (job.state === 'running')
    return (
      <Paper withBorder radius="md" px="md" py="sm" role="status" aria-label="Bulk action progress">
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Working… {bulkProgressText(job.done, job.total)}
          </Text>
          <Progress value={job.total ? (100 * job.done) / job.total : 0} animated />
        </Stack>
      </Paper>
    );
  // Undo leaves when its 10 minutes are up (the server refuses it after that too).
  const undoable = job.undoUntil !== null && new Date(job.undoUntil).getTime() > now;
  return (
    <Alert
      color={job.state === 'undone' ? 'gray' : 'teal'}
      icon={<IconCheck size={18} />}
      role="status"
      aria-label="Bulk action result"
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{job.state === 'undone' ? messages.bulk.undone : job.result}</Text>
        <Group gap="xs" wrap="nowrap">
          {undoable && (
            <Button size="compact-sm" variant="white" onClick={onUndo}>
              Undo
            </Button>
          )}
          <NextStep job={job} />
          <CloseButton aria-label="Dismiss" onClick={onClose} />
        </Group>
      </Group>
    </Alert>
  );
}

/** The export's file, or the builder opened on the job's contacts. */
function NextStep({ job }: { job: BulkJobDto }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const offer = bulkJobOffers(job);
  if (offer === 'campaign')
    return (
      <Button
        size="compact-sm"
        variant="white"
        leftSection={<IconRocket size={14} />}
        onClick={() =>
          void navigate(paths.campaignBuilder, {
            state: { audience: { jobId: job._id, count: job.changed } },
          })
        }
      >
        Open the campaign builder
      </Button>
    );
  if (offer !== 'download') return null;
  async function download() {
    setPending(true);
    try {
      const file = await downloadBulkExport(job._id);
      saveCsv(file.fileName, file.csv);
    } catch (err) {
      notifyError(err instanceof ApiError ? err.message : messages.shell.genericError);
    } finally {
      setPending(false);
    }
  }
  return (
    <Button
      size="compact-sm"
      variant="white"
      leftSection={<IconDownload size={14} />}
      loading={pending}
      onClick={() => void download()}
    >
      Download CSV
    </Button>
  );
}
