import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { messages, type SubtemplateDto } from '@prospector/core';
import type { TemplatesData } from '../api/get-templates';
import { useRemoveSubTemplate } from '../api/remove-sub-template';
import { SubtemplateModal } from './subtemplate-modal';
import { TemplateItemRow, TemplateItemsScreen } from './template-items-screen';
import { TemplatesQuery } from './templates-query';

/** How many options a row shows before '+ n more'. */
const OPTIONS_SHOWN = 6;

type SubtemplateRowProps = { subtemplate: SubtemplateDto; onEdit: () => void; onRemove: () => void };

function SubtemplateRow({ subtemplate, onEdit, onRemove }: SubtemplateRowProps) {
  const { name, values } = subtemplate;
  const more = values.length - OPTIONS_SHOWN;
  return (
    <TemplateItemRow name={name} removeVerb="Remove" onEdit={onEdit} onRemove={onRemove}>
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
    </TemplateItemRow>
  );
}

/** Templates > Subtemplates (spec part 2 §2): each a name and options a template's `{name}` rotates through. */
export function SubtemplatesScreen() {
  return <TemplatesQuery>{(data) => <Subtemplates data={data} />}</TemplatesQuery>;
}

function Subtemplates({ data }: { data: TemplatesData }) {
  const remove = useRemoveSubTemplate();
  return (
    <TemplateItemsScreen
      items={data.subTemplates}
      description="Write {name} in a template and each text takes one of the subtemplate's options in turn, so your messages don't all read the same."
      empty={{
        icon: <IconBraces size={24} />,
        title: messages.templates.noSubtemplates,
        description: 'For example {greeting} with Hi, Hello and Hey there.',
      }}
      addLabel="Add subtemplate"
      row={(subtemplate, actions) => <SubtemplateRow subtemplate={subtemplate} {...actions} />}
      modal={(subtemplate, onClose) => <SubtemplateModal subtemplate={subtemplate} onClose={onClose} />}
      remove={remove}
      confirm={{
        title: 'Remove subtemplate',
        confirmLabel: 'Remove subtemplate',
        question: (subtemplate) => (
          <>
            Remove <b>{subtemplate?.name}</b> for good? Templates that use {`{${subtemplate?.name ?? ''}}`}{' '}
            will name a subtemplate that no longer exists.
          </>
        ),
      }}
    />
  );
}
