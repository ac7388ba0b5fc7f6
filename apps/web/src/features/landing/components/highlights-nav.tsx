import { Stack, Text, UnstyledButton } from '@mantine/core';
import { HIGHLIGHTS } from '../content/highlights';
import { scrollToSection } from '../hooks/use-active-section';
import classes from './landing.module.css';

/** Desktop side navigation of the highlights: click scrolls smoothly, the section in view is marked. */
export function HighlightsNav({ active }: { active: string | null }) {
  return (
    <Stack gap={4} component="nav" aria-label="Highlights" className={classes.sideNav}>
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase" px={14} mb={6} style={{ letterSpacing: '0.08em' }}>
        Why Prospector
      </Text>
      {HIGHLIGHTS.map(({ id, label, icon: Icon }) => {
        const isActive = id === active;
        return (
          <UnstyledButton
            key={id}
            className={classes.navItem}
            data-active={isActive || undefined}
            aria-current={isActive ? 'true' : undefined}
            onClick={() => scrollToSection(id)}
          >
            <Icon size={20} stroke={1.7} />
            {label}
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
