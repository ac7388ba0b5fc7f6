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
  /** Keys of the targets that are the team's custom fields: shown after the system fields. */
  customKeys: ReadonlySet<string>;
  columns: readonly string[];
  mapping: ColumnMapping;
  armed: boolean;
  onPick: (target: ImportTarget) => void;
};

const GROUPS: RecordType[] = ['contact', 'property', 'company'];

type TilesProps = Omit<TargetGridProps, 'customKeys'>;

function Tiles({ targets, columns, mapping, armed, onPick }: TilesProps) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, xl: 4 }} spacing={8} verticalSpacing={8}>
      {targets.map((target) => (
        <TargetTile
          key={targetKey(target)}
          target={target}
          mappedNames={columnsMappedTo(mapping, target).map((i) => columns[i] ?? '')}
          armed={armed}
          onPick={onPick}
        />
      ))}
    </SimpleGrid>
  );
}

/** The fields of contacts, properties and companies, each group under its name, custom fields last. */
export function TargetGrid({ targets, customKeys, ...tiles }: TargetGridProps) {
  return (
    <Stack gap="md">
      {GROUPS.map((type) => {
        const group = targets.filter((t) => t.type === type);
        const system = group.filter((t) => !customKeys.has(targetKey(t)));
        const custom = group.filter((t) => customKeys.has(targetKey(t)));
        const mapped = group.filter((t) => columnsMappedTo(tiles.mapping, t).length > 0).length;
        const label = RECORD_TYPE_LABELS[type];
        return (
          <Stack key={type} gap={8} component="section" aria-label={label}>
            <Group gap={8}>
              <Text fw={700} size="xs" c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
                {label}
              </Text>
              {mapped > 0 && (
                <Badge size="xs" variant="light" radius="sm" tt="none">
                  {mapped} mapped
                </Badge>
              )}
            </Group>
            <Tiles targets={system} {...tiles} />
            {custom.length > 0 && (
              <Stack gap={6} component="section" aria-label={`${label} custom fields`}>
                <Text size="xs" fw={600} c="dimmed">
                  Custom fields
                </Text>
                <Tiles targets={custom} {...tiles} />
              </Stack>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
