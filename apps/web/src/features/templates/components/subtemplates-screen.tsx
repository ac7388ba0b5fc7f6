import { useState } from 'react';
import { ActionIcon, Badge, Button, Code, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconBraces, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { messages, type SubtemplateDto } from '@prospector/core';
import type { TemplatesData } from '../api/get-templates';
import { useRemoveSubTemplate } from '../api/remove-sub-template';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { SubtemplateModal } from './subtemplate-modal';
import { TabHeader } from '../../../components/tab-header';
import { TemplatesQuery } from './templates-query';

/** How many options a row shows before '+ n more'. */
const OPTIONS_SHOWN = 6;

type Editing = { subtemplate: SubtemplateDto | null } | null;

function SubtemplateRow({
  subtemplate,
  onEdit,
  onRemove,
}: {
  subtemplate: SubtemplateDto;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { name, values } = subtemplate;
  const more = values.length - OPTIONS_SHOWN;
  return (
    <Paper withBorder radius="lg" p="md" component="article" aria-label={name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md">
        <Stack gap={8} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={650}>{name}</Text>
            <Code c="grape.8" bg="grape.0">{`{${name}}`}</Code>
            <Text size="xs" c="dimmed">
              {values.length === 1 ? '1 option' : `${values.length} options`}
            </Text>
          </Group>
          <Group gap={6}>
            {values.slice(0, OPTIONS_SHOWN).map((value, i) => (
              <Badge key={i} variant="light" color="gray" radius="sm" tt="none" fw={500} size="lg" maw={260}>
                {value}
              </Badge>
            ))}
            {more > 0 && (
              <Text size="xs" c="dimmed">
                +{more} more
              </Text>
            )}
          </Group>
        </Stack>
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Edit" withArrow>
            <ActionIcon variant="subtle" color="gray" onClick={onEdit} aria-label={`Edit ${name}`}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove" withArrow>
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${name}`}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

/** Templates > Subtemplates (spec part 2 §2): each a name and options a template's `{name}` rotates through. */
export function SubtemplatesScreen() {
  return <TemplatesQuery>{(data) => <Subtemplates data={data} />}</TemplatesQuery>;
}

function Subtemplates({ data }: { data: TemplatesData }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [toRemove, setToRemove] = useState<SubtemplateDto | null>(null);
  const remove = useRemoveSubTemplate();
  const list = data.subTemplates;
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ subtemplate: null })}>
      Add subtemplate
    </Button>
  );
  return (
    <Stack gap="lg">
      <TabHeader
        description="Write {name} in a template and each text takes one of the subtemplate's options in turn, so your messages don't all read the same."
        action={list.length > 0 ? addButton : undefined}
      />
      {list.length === 0 ? (
        <EmptyState
          icon={<IconBraces size={24} />}
          title={messages.templates.noSubtemplates}
          description="For example {greeting} with Hi, Hello and Hey there."
          action={addButton}
        />
      ) : (
        <Stack gap="sm">
          {list.map((subtemplate) => (
            <SubtemplateRow
              key={subtemplate._id}
              subtemplate={subtemplate}
              onEdit={() => setEditing({ subtemplate })}
              onRemove={() => setToRemove(subtemplate)}
            />
          ))}
        </Stack>
      )}
      {editing && <SubtemplateModal subtemplate={editing.subtemplate} onClose={() => setEditing(null)} />}
      <ConfirmModal
        opened={toRemove !== null}
        title="Remove subtemplate"
        confirmLabel="Remove subtemplate"
        pending={remove.isPending}
        onClose={() => setToRemove(null)}
        onConfirm={() => toRemove && remove.mutate(toRemove._id, { onSuccess: () => setToRemove(null) })}
      >
        Remove <b>{toRemove?.name}</b> for good? Templates that use {`{${toRemove?.name ?? ''}}`} will name a
        subtemplate that no longer exists.
      </ConfirmModal>
    </Stack>
  );
}
