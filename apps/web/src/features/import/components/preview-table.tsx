import { Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IMPORT_PREVIEW_ROWS } from '@prospector/core';
import { targetName, type ColumnMapping } from '../utils/column-mapping';
import { rowsOfFile } from '../utils/file-rows';

type PreviewTableProps = {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
  /** The file's row count and the row limit it was read up to. */
  file: { rowCount: number; maxRows: number };
  mapping: ColumnMapping;
};

const CELL_MAX_WIDTH = 240;

/** The file's first rows under its headers, each header with the field it fills. */
export function PreviewTable({ columns, rows, file, mapping }: PreviewTableProps) {
  const shown = rows.slice(0, IMPORT_PREVIEW_ROWS);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="Preview">
      <Stack gap="sm">
        <Stack gap={2}>
          <Text fw={700}>Preview</Text>
          <Text size="sm" c="dimmed">
            The first {shown.length} of {rowsOfFile(file).toLowerCase()}
          </Text>
        </Stack>
        <ScrollArea type="auto" offsetScrollbars="x">
          <Table
            striped
            withTableBorder
            withColumnBorders
            verticalSpacing={6}
            horizontalSpacing="sm"
            fz="sm"
            style={{ whiteSpace: 'nowrap' }}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column, index) => {
                  const target = mapping[index];
                  return (
                    <Table.Th key={index} style={{ maxWidth: CELL_MAX_WIDTH, verticalAlign: 'top' }}>
                      <Text size="sm" fw={700} truncate>
                        {column}
                      </Text>
                      <Text size="xs" fw={500} c={target ? 'brand.7' : 'dimmed'} truncate>
                        {target ? targetName(target) : 'Not mapped'}
                      </Text>
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row, r) => (
                <Table.Tr key={r}>
                  {columns.map((_, c) => (
                    <Table.Td
                      key={c}
                      style={{ maxWidth: CELL_MAX_WIDTH, overflow: 'hidden', textOverflow: 'ellipsis' }}
                      title={row[c] ?? ''}
                    >
                      {row[c] ?? ''}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Stack>
    </Paper>
  );
}
