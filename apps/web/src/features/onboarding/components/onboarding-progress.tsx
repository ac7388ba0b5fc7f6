import { Box, Group } from '@mantine/core';

type OnboardingProgressProps = { segments: number; completed: number };

/** A segmented bar: one segment per onboarding step, filled as steps are completed. */
export function OnboardingProgress({ segments, completed }: OnboardingProgressProps) {
  return (
    <Group
      gap={6}
      wrap="nowrap"
      role="progressbar"
      aria-label="Setup progress"
      aria-valuemin={0}
      aria-valuemax={segments}
      aria-valuenow={completed}
      aria-valuetext={`${completed} of ${segments} steps done`}
    >
      {Array.from({ length: segments }, (_, index) => (
        <Box
          key={index}
          data-testid="progress-segment"
          h={6}
          style={{
            flex: 1,
            borderRadius: 3,
            background: index < completed ? 'var(--mantine-color-brand-6)' : 'var(--mantine-color-gray-2)',
          }}
        />
      ))}
    </Group>
  );
}
