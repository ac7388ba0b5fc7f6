import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { notifyError } from '../../../lib/notify';
import type { CustomFieldsByEntity, RecordType } from '@prospector/core';
import { useCreateImportField } from '../api/create-import-field';
import { useImportList } from '../api/import-list';
import type { UploadedFile } from '../api/upload-import-file';
import {
  autoMapColumns,
  clearColumn,
  mapColumn,
  mappedFields,
  mappingFromFields,
  targetsWithCustom,
  type ColumnMapping,
} from '../utils/column-mapping';
import { findImportProblem, type ImportProblem } from '../utils/validate-import';
import { ColumnMapper } from './column-mapper';
import { NewListPanel } from './new-list-panel';
import { PreviewTable } from './preview-table';
import classes from './import.module.css';
import { homeCallingCode } from '../../../lib/phone-format';
import { paths } from '@prospector/core';

type ImportSetupProps = { file: UploadedFile; onCancel: () => void };

/**
 * After the upload: preview, mapping (the team's last one for this layout of columns, else the
 * automatic one), the list's name and country code, then Start importing.
 */
export function ImportSetup({ file, onCancel }: ImportSetupProps) {
  const navigate = useNavigate();
  const importList = useImportList();
  const createField = useCreateImportField();
  // Fields made here for unmapped columns join the team's custom fields as targets at once.
  const [made, setMade] = useState<CustomFieldsByEntity>({ contact: [], property: [], company: [] });
  const { targets, customKeys } = useMemo(
    () =>
      targetsWithCustom({
        contact: [...file.customFields.contact, ...made.contact],
        property: [...file.customFields.property, ...made.property],
        company: [...file.customFields.company, ...made.company],
      }),
    [file.customFields, made],
  );
  const [remembered, setRemembered] = useState(file.lastMapping !== null);
  const [mapping, setMapping] = useState<ColumnMapping>(() =>
    file.lastMapping
      ? mappingFromFields(file.columns, file.lastMapping, targets)
      : autoMapColumns(file.columns, targets),
  );
  const [name, setName] = useState('');
  const [countryCode, setCountryCode] = useState(homeCallingCode);
  const [problem, setProblem] = useState<ImportProblem | null>(null);
  // A file over the limit can only be imported as its first rows: the button says so.
  const firstRows = file.rowCount > file.maxRows ? file.maxRows : undefined;
  const solve = (field: ImportProblem['field']) => setProblem((p) => (p?.field === field ? null : p));

  function updateMapping(next: ColumnMapping) {
    setMapping(next);
    solve('mapping');
  }

  function createFieldFor(column: number, type: RecordType) {
    const values = file.preview.map((row) => row[column] ?? '');
    createField.mutate(
      { type, column: file.columns[column] ?? '', values },
      {
        onSuccess: (field) => {
          setMade((current) => ({ ...current, [type]: [...current[type], field] }));
          setMapping((current) =>
            mapColumn(current, column, { type, matchesTo: field._id, label: field.name }),
          );
          solve('mapping');
        },
      },
    );
  }

  function resetToAutomatic() {
    updateMapping(autoMapColumns(file.columns, targets));
    setRemembered(false);
  }

  function start(event: FormEvent) {
    event.preventDefault();
    const found = findImportProblem({
      name,
      countryCode,
      rowCount: file.rowCount,
      maxRows: file.maxRows,
      mappedColumns: mapping.filter(Boolean).length,
      firstRows,
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
        ...(firstRows === undefined ? {} : { firstRows }),
      },
      { onSuccess: () => void navigate(paths.lists) },
    );
  }

  return (
    <div className={classes.layout}>
      <Stack gap="lg">
        <PreviewTable columns={file.columns} rows={file.preview} file={file} mapping={mapping} />
        {remembered && (
          <Alert variant="light" color="brand" radius="md" icon={<IconHistory size={18} />} p="sm">
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Text size="sm">Mapping from your last import of this file layout applied.</Text>
              <Button variant="subtle" size="compact-sm" onClick={resetToAutomatic}>
                Use automatic mapping
              </Button>
            </Group>
          </Alert>
        )}
        <ColumnMapper
          columns={file.columns}
          mapping={mapping}
          targets={targets}
          customKeys={customKeys}
          error={problem?.field === 'mapping' ? problem.message : null}
          onMap={(column, target) => updateMapping(mapColumn(mapping, column, target))}
          onClear={(column) => updateMapping(clearColumn(mapping, column))}
          onCreateField={createFieldFor}
          creating={
            createField.isPending
              ? createField.variables
                ? file.columns.indexOf(createField.variables.column)
                : null
              : null
          }
        />
      </Stack>
      <NewListPanel
        file={file}
        name={name}
        countryCode={countryCode}
        problem={problem}
        pending={importList.isPending}
        onName={(value) => {
          setName(value);
          solve('name');
        }}
        onCountryCode={(value) => {
          setCountryCode(value);
          solve('countryCode');
        }}
        onSubmit={start}
        onCancel={onCancel}
      />
    </div>
  );
}
