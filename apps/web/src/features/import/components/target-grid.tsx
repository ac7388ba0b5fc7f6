import { Badge, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import type { ImportTarget, RecordType } from '@prospector/core';
import {
  RECORD_TYPE_LABELS,
  columnsMappedTo,
  targetKey,
  targetName,
  type ColumnMapping,
} from '../utils/column-mapping';
import classes from './import.module.css';

export type TargetDropData = { target: ImportTarget };

type TargetTileProps = {
  target: ImportTarget;
  mappedNames: string[];
  armed: boolean;
  onPick: (target: ImportTarget) => void;
};

/** A field a column can fill: a drop target, and a button while a column is selected. */
function TargetTile({ target, mappedNames, armed, onPick }: TargetTileProps) {
  const { setNodeRef, isOver } = useDroppable({
    id: targetKey(target),
    data: { target } satisfies TargetDropData,
  });
  return (
    <UnstyledButton
      ref={setNodeRef}
      className={classes.target}
      aria-label={targetName(target)}
      data-target={targetKey(target)}
      data-mapped={mappedNames.length > 0 || undefined}
      data-armed={armed || undefined}
      data-over={isOver || undefined}
      onClick={() => onPick(target)}
    >
      <Text size="sm" fw={600} lh={1.3} lineClamp={2}>
        {target.label}
      </Text>
      {mappedNames.map((name, i) => (
        <Text key={i} size="xs" c="brand.7" fw={500} truncate>
          {name}
        </Text>
      ))}
    </UnstyledButton>
  );
}

type TargetGridProps = {
  targets: readonly ImportTarget[];
  columns: readonly string[];
  mapping: ColumnMapping;
  armed: boolean;
  onPick: (target: ImportTarget) => void;
};

const GROUPS: RecordType[] = ['contact', 'property', 'company'];

/** The fields of contacts, properties and companies, each group under its name. */
export function TargetGrid({ targets, columns, mapping, armed, onPick }: TargetGridProps) {
  return (
    <Stack gap="md">
      {GROUPS.map((type) => {
        const group = targets.filter((t) => t.type === type);
        const mapped = group.filter((t) => columnsMappedTo(mapping, t).length > 0).length;
        return (
          <Stack key={type} gap={8} component="section" aria-label={RECORD_TYPE_LABELS[type]}>
            <Group gap={8}>
              <Text fw={700} size="xs" c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
                {RECORD_TYPE_LABELS[type]}
              </Text>
              {mapped > 0 && (
                <Badge size="xs" variant="light" radius="sm" tt="none">
                  {mapped} mapped
                </Badge>
              )}
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 3, xl: 4 }} spacing={8} verticalSpacing={8}>
              {group.map((target) => (
                <TargetTile
                  key={targetKey(target)}
                  target={target}
                  mappedNames={columnsMappedTo(mapping, target).map((i) => columns[i] ?? '')}
                  armed={armed}
                  onPick={onPick}
                />
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}
