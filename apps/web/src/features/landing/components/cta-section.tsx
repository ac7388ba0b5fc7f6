import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import classes from './landing.module.css';

type CtaSectionProps = { onGetStarted: () => void; contactHref: string | undefined };

export function CtaSection({ onGetStarted, contactHref }: CtaSectionProps) {
  return (
    <Container size="lg" pt={{ base: 8, md: 16 }} pb={{ base: 56, md: 88 }}>
      <Paper className={classes.cta} radius="xl" p={{ base: 32, md: 56 }}>
        <Group justify="space-between" align="center" gap="xl">
          <Stack gap="xs" maw={620}>
            <Title order={2} fz={{ base: 26, sm: 34 }} c="white" style={{ letterSpacing: '-0.02em' }}>
              Your next deal is one text away
            </Title>
            <Text fz="lg" c="brand.0" lh={1.6}>
              Log in with your e-mail and your workspace is ready in a minute. No carrier paperwork, no credit
              card to start.
            </Text>
          </Stack>
          <Group gap="md">
            <Button size="lg" variant="white" onClick={onGetStarted}>
              Get started
            </Button>
            {contactHref && (
              <Button size="lg" variant="outline" color="white" component="a" href={contactHref}>
                Talk to us
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
    </Container>
  );
}
