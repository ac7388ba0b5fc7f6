import type { ReactNode } from 'react';
import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { BrandLogo } from '../../../components/brand-logo';
import classes from './landing.module.css';

const YEAR = new Date().getFullYear();

type MarketingFooterProps = {
  /** Privacy Policy and Terms and Conditions links (they open modals). */
  legalLinks: ReactNode;
  contactEmail: string | null;
};

export function MarketingFooter({ legalLinks, contactEmail }: MarketingFooterProps) {
  return (
    <footer className={classes.footer}>
      <Container size="lg" py={40}>
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap="xs" maw={360}>
            <BrandLogo size="sm" />
            <Text size="sm" c="dimmed" lh={1.6}>
              SMS campaigns, a shared inbox and a power dialler for prospecting teams, running on the phones
              you already own.
            </Text>
          </Stack>
          <Stack gap="xs" align="flex-start">
            <Text size="sm" fw={600}>
              Legal
            </Text>
            {legalLinks}
          </Stack>
          {contactEmail && (
            <Stack gap="xs" align="flex-start">
              <Text size="sm" fw={600}>
                Contact
              </Text>
              <Anchor size="sm" href={`mailto:${contactEmail}`} c="gray.7">
                {contactEmail}
              </Anchor>
            </Stack>
          )}
        </Group>
        <Text size="xs" c="dimmed" mt={32}>
          © {YEAR} Prospector. All rights reserved.
        </Text>
      </Container>
    </footer>
  );
}
