import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { GROUP_NAME_MAX, GROUP_NAME_MIN, TEMPLATE_MIN_LENGTH, templatesStepProblem } from '@prospector/core';
import { IconPlus } from '@tabler/icons-react';
import { useAddGroupWithTemplate, useOnboardingTemplates } from '../api/templates';
import { useStepGate } from './step-gate';
import { StepHeading } from './step-heading';

/** Step 5: at least one template group holding a template; a campaign sends from groups. */
export function TemplatesStep() {
  const templates = useOnboardingTemplates();
  const add = useAddGroupWithTemplate();
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const groups = templates.data?.groups ?? [];
  useStepGate(() => templatesStepProblem(groups.filter((g) => g.count > 0).length));
  const canSave = name.trim().length >= GROUP_NAME_MIN && text.trim().length >= TEMPLATE_MIN_LENGTH;

  return (
    <Stack gap="lg">
      <StepHeading title="Templates">
        A campaign texts from template groups. Add a group with its first message; write **First name** for
        the contact&apos;s first name.
      </StepHeading>
      {groups.length > 0 && (
        <Stack gap="xs" aria-label="Your template groups">
          {groups.map((g) => (
            <Paper key={g._id} withBorder radius="md" p="sm">
              <Group justify="space-between">
                <Text fw={600}>{g.name}</Text>
                <Badge variant="light">
                  {g.count} template{g.count === 1 ? '' : 's'}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <TextInput
        label="Group name"
        placeholder="e.g. First touch"
        value={name}
        maxLength={GROUP_NAME_MAX}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Textarea
        label="Template"
        placeholder="e.g. Hi **First name**, are you still the owner of the house?"
        description={`${text.trim().length} characters`}
        autosize
        minRows={3}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={!canSave}
          loading={add.isPending}
          onClick={() =>
            add.mutate(
              { name: name.trim(), text: text.trim() },
              {
                onSuccess: () => {
                  setName('');
                  setText('');
                },
              },
            )
          }
        >
          Add group with template
        </Button>
      </Group>
    </Stack>
  );
}
