import { Box, Container, Grid, Stack, Text, Title } from '@mantine/core';
import { HIGHLIGHTS } from '../content/highlights';
import { useActiveSection } from '../hooks/use-active-section';
import { HighlightBlock } from './highlight-block';
import { HighlightsNav } from './highlights-nav';
import classes from './landing.module.css';

const IDS = HIGHLIGHTS.map((h) => h.id);

/**
 * The five marketing highlights (spec part 2 §2, login screen): a sticky side navigation on desktop;
 * on narrow screens the navigation is left out and the sections simply stack.
 */
export function HighlightsSection() {
  const active = useActiveSection(IDS);
  return (
    <Box bg="gray.0" py={{ base: 56, md: 96 }}>
      <Container size="lg" id="features" className={classes.section} component="section">
        <Stack gap="xs" maw={640} mb={{ base: 40, md: 64 }}>
          <Text fw={700} c="brand.6" tt="uppercase" fz="xs" style={{ letterSpacing: '0.08em' }}>
            Features
          </Text>
          <Title order={2} fz={{ base: 28, sm: 36 }} style={{ letterSpacing: '-0.02em' }}>
            Everything a prospecting team needs, nothing it doesn’t
          </Title>
        </Stack>
        <Grid gap={{ base: 0, md: 56 }}>
          <Grid.Col span={3} visibleFrom="md">
            <HighlightsNav active={active} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap={96}>
              {HIGHLIGHTS.map((highlight) => (
                <HighlightBlock key={highlight.id} highlight={highlight} />
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
