import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconBrandAndroid, IconBrandApple, IconCircleCheck } from '@tabler/icons-react';
import { messages } from '@prospector/core';
import { PhoneIllustration } from './phone-illustration';
import classes from './landing.module.css';

type HeroSectionProps = {
  /** Where 'Book a demo' leads; undefined while the server's configuration is unknown. */
  bookDemoHref: string | undefined;
  onTryNow: () => void;
};

export function HeroSection({ bookDemoHref, onTryNow }: HeroSectionProps) {
  return (
    <Box className={classes.hero} py={{ base: 48, md: 88 }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <Stack gap="xl">
            <Badge
              size="lg"
              variant="light"
              radius="xl"
              leftSection={<IconCircleCheck size={16} />}
              styles={{ root: { textTransform: 'none', alignSelf: 'flex-start' } }}
            >
              {messages.landing.noCarrierRegistration}
            </Badge>
            <Title order={1} className={classes.heroTitle}>
              Text every lead from <span className={classes.accent}>your team’s own phones</span>
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="gray.7" lh={1.65} maw={540}>
              Prospector turns the Android phones and iPhones your team already owns into an outreach engine.
              Import your lists, run scheduled SMS campaigns, answer every reply in a shared inbox and move
              leads across your pipeline, all in one workspace.
            </Text>
            <Group gap="md">
              <Button size="lg" onClick={onTryNow} rightSection={<IconArrowRight size={18} />}>
                {messages.landing.tryNow}
              </Button>
              <Button
                size="lg"
                variant="default"
                component="a"
                href={bookDemoHref}
                target={bookDemoHref?.startsWith('http') ? '_blank' : undefined}
                rel="noopener noreferrer"
                disabled={!bookDemoHref}
              >
                {messages.landing.bookDemo}
              </Button>
            </Group>
            <Group gap="xs" c="dimmed" wrap="nowrap">
              <IconBrandAndroid size={18} style={{ flexShrink: 0 }} />
              <IconBrandApple size={18} style={{ flexShrink: 0 }} />
              <Text size="sm">Works with Android phones and Macs paired with an iPhone.</Text>
            </Group>
          </Stack>
          <PhoneIllustration />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
