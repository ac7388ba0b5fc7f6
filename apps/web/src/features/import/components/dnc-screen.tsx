import { useState } from 'react';
import { Alert, Button, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileText } from '@tabler/icons-react';
import { messages } from '@prospector/core';
import { PageTitle } from '../../../components/page-title';
import { notifyError } from '../../../lib/notify';
import { useImportDnc, type DncProgress } from '../api/import-dnc';
import { readDncFile } from '../utils/read-dnc-file';
import { DncResult } from './dnc-result';
import { FileDropZone } from './file-drop-zone';

type ReadFile = { name: string; phones: string[]; tooLong: number };

/** /import-dnc (spec part 2 §2): pick a CSV with a 'Phone' column; its phones become DNC for the team. */
export function ImportDncScreen() {
  const [file, setFile] = useState<ReadFile | null>(null);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<DncProgress | null>(null);
  const importDnc = useImportDnc();

  async function read(picked: File) {
    setReading(true);
    setProblem(null);
    importDnc.reset();
    try {
      const result = await readDncFile(picked);
      if (!result.ok) {
        setFile(null);
        setProblem(messages.lists.dncColumn);
        notifyError(messages.lists.dncColumn);
        return;
      }
      setFile({ name: picked.name, phones: result.phones, tooLong: result.tooLong });
    } catch {
      setProblem(messages.shell.genericError);
      notifyError(messages.shell.genericError);
    } finally {
      setReading(false);
    }
  }

  function reset() {
    setFile(null);
    setProblem(null);
    setProgress(null);
    importDnc.reset();
  }

  function send() {
    if (!file || file.phones.length === 0) return;
    setProgress({ done: 0, total: file.phones.length });
    importDnc.mutate({ phones: file.phones, onProgress: setProgress });
  }

  const found = file?.phones.length ?? 0;

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <PageTitle>Import DNCs</PageTitle>
        <Text c="dimmed">Imported phones become DNC for your whole team, now and in future imports.</Text>
      </Stack>
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} />} title="Before you import">
        {messages.lists.dncWarning}
      </Alert>
      {file ? (
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                <IconFileText size={22} stroke={1.6} />
              </ThemeIcon>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {file.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {found.toLocaleString('en-US')} {found === 1 ? 'phone number' : 'phone numbers'} found
                </Text>
              </Stack>
            </Group>
            {found === 0 && (
              <Text size="sm" c="red.7">
                {messages.lists.noPhones}
              </Text>
            )}
            {importDnc.isPending && progress && (
              <Stack gap={4}>
                <Progress
                  value={(progress.done / progress.total) * 100}
                  animated
                  aria-label="DNC import progress"
                />
                <Text size="sm" c="dimmed">
                  {progress.done.toLocaleString('en-US')} of {progress.total.toLocaleString('en-US')} phones
                  sent
                </Text>
              </Stack>
            )}
            {importDnc.data && (
              <Stack gap="sm">
                <Group gap={6}>
                  <IconCircleCheck size={18} color="var(--mantine-color-brand-6)" aria-hidden />
                  <Text fw={600}>Import finished</Text>
                </Group>
                <DncResult totals={importDnc.data} tooLong={file.tooLong} />
              </Stack>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={reset} disabled={importDnc.isPending}>
                {importDnc.isSuccess ? 'Import another file' : 'Choose another file'}
              </Button>
              {!importDnc.isSuccess && (
                <Button onClick={send} loading={importDnc.isPending} disabled={found === 0}>
                  Import DNCs
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      ) : (
        <FileDropZone
          label="DNC file"
          accept=".csv"
          title="Drop a CSV file here, or click to pick one"
          hint="It needs a column named Phone (case sensitive)."
          busy={reading}
          busyText="Reading the file…"
          error={problem}
          onFile={(picked) => void read(picked)}
        />
      )}
    </Stack>
  );
}
