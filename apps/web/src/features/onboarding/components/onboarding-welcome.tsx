import type { ReactNode } from 'react';
import { Badge, Box, Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { ONBOARDING_STEPS } from '../content/onboarding-steps';
import { OnboardingProgress } from './onboarding-progress';

type OnboardingWelcomeProps = {
  userName: string;
  /** The logo; composed by the app. */
  brand: ReactNode;
  /** The 'Log out' action; composed by the app. */
  logout: ReactNode;
};

/** The first of the eight onboarding screens. The next screens arrive with the settings screens. */
export function OnboardingWelcome({ userName, brand, logout }: OnboardingWelcomeProps) {
  const greeting = userName.trim() ? `Welcome to Prospector, ${userName.trim()}` : 'Welcome to Prospector';
  return (
    <Center mih="100dvh" bg="gray.0" p="md">
      <Stack w="100%" maw={640} gap="lg">
        <Group justify="space-between">
          {brand}
          {logout}
        </Group>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="sm">
          <Stack gap="xl">
            <OnboardingProgress segments={ONBOARDING_STEPS.length} completed={0} />
            <Stack gap="xs">
              <Title order={1} fz={28} style={{ letterSpacing: '-0.02em' }}>
                {greeting}
              </Title>
              <Text c="gray.7" lh={1.6}>
                Let’s get your workspace ready for the first campaign. Setup takes {ONBOARDING_STEPS.length}{' '}
                short steps:
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
            <Group gap="xs" wrap="nowrap" align="flex-start" c="dimmed">
              <IconInfoCircle size={18} style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="sm">
                These steps arrive together with the settings screens. Until then there is nothing to fill in
                here.
              </Text>
            </Group>
            <Group justify="space-between">
              <Button variant="default" leftSection={<IconArrowLeft size={16} />} disabled>
                BACK
              </Button>
              <Button rightSection={<IconArrowRight size={16} />} disabled>
                NEXT
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
