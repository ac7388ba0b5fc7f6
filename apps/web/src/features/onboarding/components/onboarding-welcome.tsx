import { Badge, Box, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ONBOARDING_STEPS } from '../content/onboarding-steps';

/** Screen 0: the greeting and what the seven steps ask for. */
export function OnboardingWelcome({ userName }: { userName: string }) {
  const greeting = userName.trim() ? `Welcome to Prospector, ${userName.trim()}` : 'Welcome to Prospector';
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} fz={28} style={{ letterSpacing: '-0.02em' }}>
          {greeting}
        </Title>
        <Text c="gray.7" lh={1.6}>
          Let’s get your workspace ready for the first campaign. Setup takes {ONBOARDING_STEPS.length} short
          steps:
        </Text>
      </Stack>
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {ONBOARDING_STEPS.map((step, index) => (
          <Group key={step.title} component="li" gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={28} radius="xl" variant="light" fw={700} fz="sm">
              {index + 1}
            </ThemeIcon>
            <Box>
              <Group gap={8}>
                <Text fw={600}>{step.title}</Text>
                {step.optional && (
                  <Badge size="xs" variant="default">
                    Optional
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {step.text}
              </Text>
            </Box>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
