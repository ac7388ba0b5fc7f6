import { Button, CopyButton, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { formatRecoveryCode } from '@prospector/core';
import { StepCard } from './step-card';

/** The 10 recovery codes, shown once: each opens one session when the phone is not at hand. */
export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const shown = codes.map(formatRecoveryCode);
  return (
    <StepCard
      title="Save your recovery codes"
      hint="Each code works once, instead of the app's code. Keep them somewhere safe: they are not shown again."
    >
      <Paper withBorder radius="md" p="md" bg="gray.0">
        <SimpleGrid cols={2} spacing="xs" aria-label="Recovery codes">
          {shown.map((c) => (
            <Text key={c} ff="monospace" fz="sm" ta="center">
              {c}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <Group grow>
        <CopyButton value={shown.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>I saved them</Button>
      </Group>
    </StepCard>
  );
}
