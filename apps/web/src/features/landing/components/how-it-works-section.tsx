import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import classes from './landing.module.css';

const STEPS = [
  {
    title: 'Connect your phones',
    text: 'Install the Prospector app on an Android phone, or on a Mac paired with your iPhone. Your texts go out from numbers your leads can call back.',
  },
  {
    title: 'Import your lists',
    text: 'Drop in a spreadsheet of contacts, properties or companies. Duplicates are merged and every row is linked to what you already have.',
  },
  {
    title: 'Launch and reply',
    text: 'Pick a list, a template group and a weekly schedule. Replies land in a shared inbox where your team answers, assigns and follows up.',
  },
];

export function HowItWorksSection() {
  return (
    <Container
      size="lg"
      py={{ base: 56, md: 88 }}
      id="how-it-works"
      className={classes.section}
      component="section"
    >
      <Stack gap={40}>
        <Stack gap="xs" maw={620}>
          <Text fw={700} c="brand.6" tt="uppercase" fz="xs" style={{ letterSpacing: '0.08em' }}>
            How it works
          </Text>
          <Title order={2} fz={{ base: 28, sm: 36 }} style={{ letterSpacing: '-0.02em' }}>
            From spreadsheet to conversations in an afternoon
          </Title>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          {STEPS.map((step, index) => (
            <Stack key={step.title} gap="sm">
              <div className={classes.stepNumber}>{index + 1}</div>
              <Title order={3} fz="lg">
                {step.title}
              </Title>
              <Text c="gray.7" lh={1.65}>
                {step.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
