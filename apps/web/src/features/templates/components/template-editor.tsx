import { useMemo, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  messages,
  fallbackRepeats,
  previewTemplate,
  fieldsWithFallback,
  previewLacksFallbackFields,
  TEMPLATE_MIN_LENGTH,
  templateProblem,
  type TemplateDto,
} from '@prospector/core';
import { useAddTemplate } from '../api/add-template';
import { useEditTemplate } from '../api/edit-template';
import type { TemplatesData } from '../api/get-templates';
import { PlaceholderHelper } from './placeholder-helper';
import { TemplatePreviews } from './template-previews';

type TemplateEditorProps = {
  /** The template edited; null: a new one, added to `groupId` ('' is unused). */
  template: TemplateDto | null;
  groupId: string;
  /** Where the template lives, for the title. */
  placeName: string;
  data: Pick<TemplatesData, 'fields' | 'subTemplates'>;
  onClose: () => void;
};

const TEXT_MAX = 1600;

/**
 * The full-screen template editor (spec part 2 §2, §5): the text with its length, the fields and
 * subtemplates it may name (a click inserts one at the cursor), and a live preview of 5 renders. A
 * placeholder that names nothing is refused as it is typed; Save needs 5 characters and no problem.
 */
export function TemplateEditor({ template, groupId, placeName, data, onClose }: TemplateEditorProps) {
  const [text, setText] = useState(template?.text ?? '');
  const input = useRef<HTMLTextAreaElement>(null);
  const add = useAddTemplate();
  const edit = useEditTemplate();
  const pending = add.isPending || edit.isPending;
  const subtemplateNames = data.subTemplates.map((s) => s.name);
  const problem = templateProblem(text, { fields: data.fields, subtemplates: subtemplateNames });
  const tooShort = text.trim().length < TEMPLATE_MIN_LENGTH;
  const previews = useMemo(() => previewTemplate(text, data.subTemplates), [text, data.subTemplates]);

  function insert(placeholder: string) {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? start;
    const next = `${text.slice(0, start)}${placeholder}${text.slice(end)}`.slice(0, TEXT_MAX);
    setText(next);
    const caret = Math.min(start + placeholder.length, next.length);
    // After React has written the new value, the cursor goes back to just after the insert.
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(caret, caret);
    });
  }

  function save() {
    if (problem || pending) return;
    const body = text.trim();
    if (template) edit.mutate({ _id: template._id, text: body }, { onSuccess: onClose });
    else add.mutate({ text: body, groupId }, { onSuccess: onClose });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      radius={0}
      padding={0}
      transitionProps={{ transition: 'fade', duration: 150 }}
      title={
        <Group gap="sm" align="center">
          <Text fw={700} fz="lg">
            {template ? 'Edit template' : 'Add template'}
          </Text>
          <Badge variant="light" color="gray" radius="sm" tt="none" fw={600}>
            {placeName}
          </Badge>
        </Group>
      }
      closeButtonProps={{ 'aria-label': 'Close the editor' }}
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        header: { borderBottom: '1px solid var(--mantine-color-gray-3)', paddingInline: 24, minHeight: 60 },
        body: { flex: 1, minHeight: 0 },
      }}
    >
      <Group align="stretch" gap={0} wrap="nowrap" h="100%">
        <ScrollArea style={{ flex: '1 1 58%' }} h="100%">
          <Stack gap="lg" p="xl" maw={760} mx="auto">
            <Stack gap={6}>
              <Textarea
                ref={input}
                label="Template text"
                description="Write **Field name** for the contact's own data and {subtemplate} for wording that rotates."
                placeholder="Hi **First name**, {greeting} …"
                data-autofocus
                autosize
                minRows={8}
                maxRows={18}
                maxLength={TEXT_MAX}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                error={problem && !tooShort ? problem : undefined}
              />
              <Group justify="space-between" gap="md" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {tooShort ? messages.templates.templateTooShort : ''}
                </Text>
                <Text size="xs" c="dimmed" fw={600} style={{ flexShrink: 0 }}>
                  {text.length} characters
                </Text>
              </Group>
            </Stack>
            {template && template.blockedCount > 0 && (
              <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} />} p="sm">
                Carriers blocked this template {template.blockedCount}{' '}
                {template.blockedCount === 1 ? 'time' : 'times'}. Saving new wording starts the count again.
              </Alert>
            )}
            <Divider />
            <PlaceholderHelper fields={data.fields} subtemplates={subtemplateNames} onInsert={insert} />
            <Divider />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={pending}>
                Cancel
              </Button>
              <Button onClick={save} disabled={problem !== null} loading={pending}>
                Save
              </Button>
            </Group>
          </Stack>
        </ScrollArea>
        <Box
          style={{
            flex: '1 1 42%',
            minWidth: 340,
            maxWidth: 560,
            borderLeft: '1px solid var(--mantine-color-gray-3)',
          }}
          bg="gray.0"
          h="100%"
        >
          <ScrollArea h="100%">
            <Box p="xl">
              <TemplatePreviews
                previews={previews}
                without={fieldsWithFallback(text)}
                lacking={previews.map((_, i) => previewLacksFallbackFields(text, i))}
                repeats={fallbackRepeats(text)}
                blocked={problem !== null && !tooShort}
              />
            </Box>
          </ScrollArea>
        </Box>
      </Group>
    </Modal>
  );
}
