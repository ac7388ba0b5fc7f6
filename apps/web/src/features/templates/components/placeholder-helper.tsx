import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';

type PlaceholderHelperProps = {
  fields: readonly string[];
  subtemplates: readonly string[];
  onInsert: (placeholder: string) => void;
};

function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Group gap={6} align="baseline">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </Group>
      <Group gap={6}>{children}</Group>
    </Stack>
  );
}

/** The fields (`**Field**`) and subtemplates (`{name}`) a template may name; a click inserts one at the cursor. */
export function PlaceholderHelper({ fields, subtemplates, onInsert }: PlaceholderHelperProps) {
  return (
    <Stack gap="md">
      <Section title="Fields" hint="the contact's own data">
        {fields.map((field) => (
          <Button
            key={field}
            size="compact-sm"
            variant="light"
            radius="xl"
            fw={500}
            aria-label={`Insert field ${field}`}
            onClick={() => onInsert(`**${field}**`)}
          >
            {field}
          </Button>
        ))}
      </Section>
      <Section title="Subtemplates" hint="one of their options, rotating">
        {subtemplates.length === 0 ? (
          <Text size="sm" c="dimmed">
            None yet: add them in the Subtemplates tab.
          </Text>
        ) : (
          subtemplates.map((name) => (
            <Button
              key={name}
              size="compact-sm"
              variant="light"
              color="grape"
              radius="xl"
              fw={500}
              aria-label={`Insert subtemplate ${name}`}
              onClick={() => onInsert(`{${name}}`)}
            >
              {`{${name}}`}
            </Button>
          ))
        )}
      </Section>
    </Stack>
  );
}
