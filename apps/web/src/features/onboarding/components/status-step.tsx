import { useState } from 'react';
import { Badge, Button, Group, Stack, TextInput } from '@mantine/core';
import { statusStepProblem } from '@prospector/core';
import { IconPlus } from '@tabler/icons-react';
import { useAddStatus, useOnboardingStatuses } from '../api/statuses';
import { useStepGate } from './step-gate';
import { StepHeading } from './step-heading';

/** Step 6: at least one status besides the built-in Not contacted, DNC and Wrong number. */
export function StatusStep() {
  const statuses = useOnboardingStatuses();
  const add = useAddStatus();
  const [text, setText] = useState('');
  const all = statuses.data ?? [];
  useStepGate(() => statusStepProblem(all.filter((s) => !s.builtIn).length));

  const submit = () =>
    add.mutate(text.trim(), {
      onSuccess: () => setText(''),
    });

  return (
    <Stack gap="lg">
      <StepHeading title="Statuses">
        Statuses are the columns of your lead board. Not contacted, DNC and Wrong number are built in; add
        your own, e.g. Interested or Follow up.
      </StepHeading>
      <Group gap="xs" aria-label="Your statuses">
        {all.map((s) => (
          <Badge key={s._id} variant={s.builtIn ? 'default' : 'light'} size="lg" tt="none">
            {s.text}
          </Badge>
        ))}
      </Group>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label="New status"
          placeholder="e.g. Interested"
          value={text}
          maxLength={60}
          style={{ flex: 1 }}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && text.trim()) submit();
          }}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={!text.trim()}
          loading={add.isPending}
          onClick={submit}
        >
          Add status
        </Button>
      </Group>
    </Stack>
  );
}
