import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useAddSubtemplate, useOnboardingTemplates } from '../api/templates';
import { StepHeading } from './step-heading';

/** Step 4 (optional): subtemplates, rotating alternatives written into templates as {name}. */
export function SubtemplatesStep() {
  const templates = useOnboardingTemplates();
  const add = useAddSubtemplate();
  const [name, setName] = useState('');
  const [values, setValues] = useState('');
  const options = values
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const canSave = name.trim().length > 0 && options.length > 0;

  return (
    <Stack gap="lg">
      <StepHeading title="Subtemplates">
        Alternatives for a word or phrase, picked at random in every text, e.g. a greeting. Optional: you can
        skip this step.
      </StepHeading>
      <Group gap="xs" aria-label="Your subtemplates">
        {(templates.data?.subTemplates ?? []).map((s) => (
          <Badge key={s._id} variant="light" size="lg" tt="none">
            {s.name}: {s.values.join(' / ')}
          </Badge>
        ))}
      </Group>
      <TextInput
        label="Subtemplate name"
        placeholder="e.g. greeting"
        value={name}
        maxLength={40}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <TextInput
        label="Options"
        description="Separate the options with commas."
        placeholder="e.g. Hi, Hello, Hey"
        value={values}
        onChange={(e) => setValues(e.currentTarget.value)}
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {options.length} option{options.length === 1 ? '' : 's'}
        </Text>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={!canSave}
          loading={add.isPending}
          onClick={() =>
            add.mutate(
              { name: name.trim(), values: options },
              {
                onSuccess: () => {
                  setName('');
                  setValues('');
                },
              },
            )
          }
        >
          Add subtemplate
        </Button>
      </Group>
    </Stack>
  );
}
