import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { Highlight } from '../content/highlights';
import classes from './landing.module.css';

export function HighlightBlock({ highlight }: { highlight: Highlight }) {
  const { id, label, icon: Icon, heading, description, points, stat } = highlight;
  return (
    <Stack component="section" id={id} className={classes.section} gap="lg" aria-labelledby={`${id}-title`}>
      <Group gap="sm">
        <ThemeIcon size={40} radius="md" variant="light">
          <Icon size={22} stroke={1.7} />
        </ThemeIcon>
        <Text fw={700} c="brand.6" tt="uppercase" fz="xs" style={{ letterSpacing: '0.08em' }}>
          {label}
        </Text>
      </Group>
      <Title order={2} id={`${id}-title`} fz={{ base: 26, sm: 32 }} style={{ letterSpacing: '-0.02em' }}>
        {heading}
      </Title>
      <Text c="gray.7" fz="lg" lh={1.65} maw={680}>
        {description}
      </Text>
      {stat && (
        <Paper className={classes.stat} p="xl" radius="lg">
          <Group gap="xl" wrap="wrap">
            <Text fz={44} fw={800} lh={1} style={{ letterSpacing: '-0.03em' }}>
              {stat.value}
            </Text>
            <Text fz="lg" fw={500} maw={380} lh={1.5}>
              {stat.caption}
            </Text>
          </Group>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: points.length === 4 ? 2 : 3 }} spacing="md">
        {points.map((point) => (
          <Paper key={point.title} className={classes.pointCard} p="lg" radius="lg">
            <Stack gap={8}>
              <Group gap={8} wrap="nowrap">
                <ThemeIcon size={22} radius="xl" variant="light">
                  <IconCheck size={14} stroke={2.5} />
                </ThemeIcon>
                <Text fw={600}>{point.title}</Text>
              </Group>
              <Text c="gray.7" size="sm" lh={1.6}>
                {point.text}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
