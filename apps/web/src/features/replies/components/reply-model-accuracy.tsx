import { Group, Paper, Stack, Text, Title } from '@mantine/core';

type Accuracy = {
  corrections: number;
  measuredOn: number;
  teamModel: number | null;
  baseModel: number | null;
};

const pct = (n: number | null) => (n === null ? '—' : `${Math.round(n * 100)}%`);

/**
 * A share of fewer replies than this is noise ("0%" from one reply): the figure shows once the server
 * measures on five corrections, i.e. from the team's 25th (it holds back the newest fifth).
 */
export const MEASURED_ON_AT_LEAST = 5;

/** For admins: how the team's model does on the team's own newest corrections, beside the base model. */
export function ReplyModelAccuracy({ accuracy }: { accuracy: Accuracy }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="The team's model">
      <Stack gap={4}>
        <Title order={3} fz="md">
          The team&apos;s model
        </Title>
        {accuracy.measuredOn < MEASURED_ON_AT_LEAST ? (
          <Text size="sm" c="dimmed">
            {accuracy.corrections === 0
              ? 'No corrections yet: when members change a label, the model learns it and its accuracy on them shows here.'
              : `${accuracy.corrections} ${accuracy.corrections === 1 ? 'correction' : 'corrections'} so far: the model learns each at once, and its accuracy on them shows here from the ${MEASURED_ON_AT_LEAST * 5}th.`}
          </Text>
        ) : (
          <>
            <Group gap="xl">
              <Stack gap={0}>
                <Text fz={28} fw={700} data-testid="team-model-accuracy">
                  {pct(accuracy.teamModel)}
                </Text>
                <Text size="xs" c="dimmed">
                  right with the team&apos;s corrections
                </Text>
              </Stack>
              <Stack gap={0}>
                <Text fz={28} fw={700} c="dimmed">
                  {pct(accuracy.baseModel)}
                </Text>
                <Text size="xs" c="dimmed">
                  the model before any correction
                </Text>
              </Stack>
            </Group>
            <Text size="sm" c="dimmed">
              Measured on the team&apos;s {accuracy.measuredOn} newest corrections (of {accuracy.corrections}
              ), with a model that learned only the older ones.
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
