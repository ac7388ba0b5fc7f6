import { Divider, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { FIELD_TYPES, type FieldType } from '@prospector/core';
import { FieldTypeIcon } from './field-type-icon';
import classes from './data-fields.module.css';

type PaletteItemProps = { type: FieldType | 'Section'; label: string; onClick: () => void };

function PaletteItem({ type, label, onClick }: PaletteItemProps) {
  return (
    <UnstyledButton className={classes.paletteItem} onClick={onClick} aria-label={label}>
      <ThemeIcon variant="light" color={type === 'Section' ? 'gray' : 'brand'} radius="md" size={28}>
        <FieldTypeIcon type={type} />
      </ThemeIcon>
      <Text size="sm" fw={550}>
        {type}
      </Text>
    </UnstyledButton>
  );
}

type FieldPaletteProps = {
  /** Where a new field goes: the selected section, else the last one. */
  targetName: string | null;
  onAddSection: () => void;
  onAddField: (type: FieldType) => void;
};

/** The palette on the left: a click adds a section, or a field of that type to the target section. */
export function FieldPalette({ targetName, onAddSection, onAddField }: FieldPaletteProps) {
  return (
    <Paper withBorder radius="md" p="sm" className={classes.palette} aria-label="Field types" component="nav">
      <Stack gap={2}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={8} pt={4} pb={6}>
          Add
        </Text>
        <PaletteItem type="Section" label="Add section" onClick={onAddSection} />
        <Divider my={6} />
        {FIELD_TYPES.map((type) => (
          <PaletteItem key={type} type={type} label={`Add ${type} field`} onClick={() => onAddField(type)} />
        ))}
        <Text size="xs" c="dimmed" px={8} pt={8} pb={4}>
          {targetName ? `Fields are added to ${targetName}.` : 'Add a section first.'}
        </Text>
      </Stack>
    </Paper>
  );
}
