import type { FormEvent } from 'react';
import { Alert, Button, Divider, Group, Paper, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet } from '@tabler/icons-react';
import { rowLimitMessage } from '@prospector/core';
import type { UploadedFile } from '../api/upload-import-file';
import { countOf, rowsOfFile } from '../utils/file-rows';
import type { ImportProblem } from '../utils/validate-import';
import classes from './import.module.css';

type NewListPanelProps = {
  file: UploadedFile;
  name: string;
  countryCode: string;
  problem: ImportProblem | null;
  pending: boolean;
  onName: (name: string) => void;
  onCountryCode: (code: string) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
};

/**
 * The new list's side of the import: the file, its name and default country code, and Start importing.
 * A file over the row limit offers to import its first rows instead.
 */
export function NewListPanel(props: NewListPanelProps) {
  const { file, problem, pending } = props;
  const overLimit = file.rowCount > file.maxRows;
  const errorOf = (field: ImportProblem['field']) => (problem?.field === field ? problem.message : null);
  return (
    <Paper withBorder radius="lg" p="lg" className={classes.aside} component="section" aria-label="New list">
      <form onSubmit={props.onSubmit} noValidate>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
              <IconFileSpreadsheet size={22} stroke={1.6} />
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} truncate title={file.fileName}>
                {file.fileName}
              </Text>
              <Text size="sm" c="dimmed">
                {rowsOfFile(file)} · {file.columns.length} {file.columns.length === 1 ? 'column' : 'columns'}
              </Text>
            </Stack>
          </Group>
          {overLimit && (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              p="sm"
              title={`This file has more than ${countOf(file.maxRows)} rows`}
            >
              {rowLimitMessage(file.maxRows)}. Import its first {countOf(file.maxRows)} rows now, and the rest
              from a file of their own.
            </Alert>
          )}
          <Divider />
          <TextInput
            label="List name"
            placeholder="e.g. Absentee owners, March"
            withAsterisk
            value={props.name}
            error={errorOf('name')}
            onChange={(event) => props.onName(event.currentTarget.value)}
          />
          <TextInput
            label="Country code"
            description="For phones written without one, in rows with no Country"
            value={props.countryCode}
            error={errorOf('countryCode')}
            onChange={(event) => props.onCountryCode(event.currentTarget.value)}
          />
          <Stack gap="xs" mt="xs">
            <Button type="submit" fullWidth loading={pending}>
              {overLimit ? `Import the first ${countOf(file.maxRows)} rows` : 'Start importing'}
            </Button>
            <Button variant="default" fullWidth onClick={props.onCancel} disabled={pending}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      </form>
    </Paper>
  );
}
