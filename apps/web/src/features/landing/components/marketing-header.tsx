import { Anchor, Box, Button, Container, Group, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { scrollToSection } from '../hooks/use-active-section';
import classes from './landing.module.css';
import { paths } from '@prospector/core';

type MarketingHeaderProps = {
  onLogin?: () => void;
  /** On the landing page the header links scroll to its sections. */
  showSectionLinks?: boolean;
};

const SECTION_LINKS = [
  { id: 'features', label: 'Features' },
  { id: 'how-it-works', label: 'How it works' },
];

export function MarketingHeader({ onLogin, showSectionLinks = false }: MarketingHeaderProps) {
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={paths.home} underline="never" c="inherit" aria-label="Prospector home">
            <BrandLogo />
          </Anchor>
          <Group gap="xl" wrap="nowrap">
            {showSectionLinks && (
              <Group gap="lg" visibleFrom="sm" component="nav" aria-label="Page sections">
                {SECTION_LINKS.map((link) => (
                  <UnstyledButton
                    key={link.id}
                    onClick={() => scrollToSection(link.id)}
                    fz="sm"
                    fw={500}
                    c="gray.7"
                  >
                    {link.label}
                  </UnstyledButton>
                ))}
              </Group>
            )}
            {onLogin && (
              <Button variant="default" onClick={onLogin}>
                Log in
              </Button>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
