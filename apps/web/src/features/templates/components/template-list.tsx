import { Button, Group, Stack, Text } from '@mantine/core';
import { IconMessage2, IconPlus } from '@tabler/icons-react';
import { messages, type TemplateDto } from '@prospector/core';
import { EmptyState } from '../../../components/empty-state';
import { TemplateCard } from './template-card';

type TemplateListProps = {
  title: string;
  description: string;
  templates: readonly TemplateDto[];
  onAdd: () => void;
  onEdit: (template: TemplateDto) => void;
  onRemove: (template: TemplateDto) => void;
};

/** The templates of the selected group (or the unused ones), with the way to add one there. */
export function TemplateList({ title, description, templates, onAdd, onEdit, onRemove }: TemplateListProps) {
  const add = (
    <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
      Add template
    </Button>
  );
  return (
    <Stack gap="md" component="section" aria-label={`${title} templates`}>
      <Group justify="space-between" align="flex-end" gap="md" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} size="lg" truncate>
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {templates.length > 0 && add}
      </Group>
      {templates.length === 0 ? (
        <EmptyState
          icon={<IconMessage2 size={24} />}
          title={messages.templates.noTemplates}
          description="A template is the text a campaign sends, with the contact's data and rotating wording filled in."
          action={add}
        />
      ) : (
        <Stack gap="sm">
          {templates.map((template) => (
            <TemplateCard
              key={template._id}
              template={template}
              onEdit={() => onEdit(template)}
              onRemove={() => onRemove(template)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
