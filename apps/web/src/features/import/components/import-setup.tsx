import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Divider, Group, Paper, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet } from '@tabler/icons-react';
import { rowLimitMessage } from '@prospector/core';
import { notifyError } from '../../../lib/notify';
import { useImportList } from '../api/import-list';
import type { UploadedFile } from '../api/upload-import-file';
import {
  autoMapColumns,
  clearColumn,
  mapColumn,
  mappedFields,
  targetsWithCustom,
  type ColumnMapping,
} from '../utils/column-mapping';
import { findImportProblem, type ImportProblem } from '../utils/validate-import';
import { ColumnMapper } from './column-mapper';
import { PreviewTable } from './preview-table';
import classes from './import.module.css';

const DEFAULT_COUNTRY_CODE = '+1';

type ImportSetupProps = { file: UploadedFile; onCancel: () => void };

/** After the upload: preview, mapping, the list's name and country code, then Start importing. */
export function ImportSetup({ file, onCancel }: ImportSetupProps) {
  const navigate = useNavigate();
  const importList = useImportList();
  const { targets, customKeys } = useMemo(() => targetsWithCustom(file.customFields), [file.customFields]);
  const [mapping, setMapping] = useState<ColumnMapping>(() => autoMapColumns(file.columns, targets));
  const [name, setName] = useState('');
  const [countryCode, setCountryCode] = useState(DEFAULT_COUNTRY_CODE);
  const [problem, setProblem] = useState<ImportProblem | null>(null);
  const tooManyRows = file.rowCount > file.maxRows;
  const errorOf = (field: ImportProblem['field']) => (problem?.field === field ? problem.message : null);
  const solve = (field: ImportProblem['field']) => setProblem((p) => (p?.field === field ? null : p));

  function updateMapping(next: ColumnMapping) {
    setMapping(next);
    solve('mapping');
  }

  function start(event: FormEvent) {
    event.preventDefault();
    const found = findImportProblem({
      name,
      countryCode,
      rowCount: file.rowCount,
      maxRows: file.maxRows,
      mappedColumns: mapping.filter(Boolean).length,
    });
    setProblem(found);
    if (found) {
      notifyError(found.message);
      return;
    }
    importList.mutate(
      {
        name: name.trim(),
        countryCode: countryCode.trim(),
        fileId: file.fileId,
        fields: mappedFields(file.columns, mapping),
      },
      { onSuccess: () => void navigate('/lists') },
    );
  }

  return (
    <div className={classes.layout}>
      <Stack gap="lg">
        <PreviewTable columns={file.columns} rows={file.preview} rowCount={file.rowCount} mapping={mapping} />
        <ColumnMapper
          columns={file.columns}
          mapping={mapping}
          targets={targets}
          customKeys={customKeys}
          error={errorOf('mapping')}
          onMap={(column, target) => updateMapping(mapColumn(mapping, column, target))}
          onClear={(column) => updateMapping(clearColumn(mapping, column))}
        />
      </Stack>
      <Paper
        withBorder
        radius="lg"
        p="lg"
        className={classes.aside}
        component="section"
        aria-label="New list"
      >
        <form onSubmit={start} noValidate>
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
                  {file.rowCount.toLocaleString('en-US')} {file.rowCount === 1 ? 'row' : 'rows'} ·{' '}
                  {file.columns.length} {file.columns.length === 1 ? 'column' : 'columns'}
                </Text>
              </Stack>
            </Group>
            {tooManyRows && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="sm">
                {rowLimitMessage(file.maxRows)}
              </Alert>
            )}
            <Divider />
            <TextInput
              label="List name"
              placeholder="e.g. Absentee owners, March"
              withAsterisk
              value={name}
              error={errorOf('name')}
              onChange={(event) => {
                setName(event.currentTarget.value);
                solve('name');
              }}
            />
            <TextInput
              label="Country code"
              description="For phones written without one"
              value={countryCode}
              error={errorOf('countryCode')}
              onChange={(event) => {
                setCountryCode(event.currentTarget.value);
                solve('countryCode');
              }}
            />
            <Stack gap="xs" mt="xs">
              <Button type="submit" fullWidth loading={importList.isPending} disabled={tooManyRows}>
                Start importing
              </Button>
              <Button variant="default" fullWidth onClick={onCancel} disabled={importList.isPending}>
                Cancel
              </Button>
            </Stack>
          </Stack>
        </form>
      </Paper>
    </div>
  );
}
