import { useRef, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { messages } from '@prospector/core';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { useUploadSpreadsheet } from '../api/upload-import-file';
import { FileDropZone } from './file-drop-zone';
import { ImportSetup } from './import-setup';

/** The contract's limit on an uploaded file (import.ts: at most 100 MB). */
const MAX_FILE_BYTES = 100 * 1024 * 1024;

/** What is wrong with a file before it is sent, or null. The server checks again. */
function spreadsheetProblem(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return messages.lists.fileType;
  if (file.size > MAX_FILE_BYTES) return messages.lists.fileTooLarge;
  return null;
}

/** /import (spec part 2 §2): upload a spreadsheet, map its columns, name the list, start. */
export function ImportScreen() {
  const upload = useUploadSpreadsheet();
  const abort = useRef<AbortController | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');

  function send(file: File) {
    const problem = spreadsheetProblem(file);
    setFileProblem(problem);
    if (problem) {
      notifyError(problem);
      return;
    }
    setFileName(file.name);
    abort.current = new AbortController();
    upload.mutate({ file, signal: abort.current.signal });
  }

  function reset() {
    abort.current?.abort();
    abort.current = null;
    upload.reset();
    setFileProblem(null);
  }

  const uploadError = upload.error instanceof ApiError ? upload.error.message : null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <PageTitle>Import</PageTitle>
        <Text c="dimmed">Bring contacts, properties and companies into a new list from a spreadsheet.</Text>
      </Stack>
      {upload.data ? (
        <ImportSetup key={upload.data.fileId} file={upload.data} onCancel={reset} />
      ) : (
        <Stack gap="md" maw={760}>
          <FileDropZone
            label="Spreadsheet file"
            accept=".csv,.xlsx"
            title="Drop a CSV or XLSX file here, or click to pick one"
            hint="The first row must name the columns. Up to 100 MB."
            busy={upload.isPending}
            busyText={`Uploading ${fileName}…`}
            error={fileProblem ?? uploadError}
            onFile={send}
          />
          {upload.isPending && (
            <Group justify="flex-end">
              <Button variant="default" onClick={reset}>
                Cancel
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
