import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { MarketingLayout } from '../../features/landing';
import { usePublicConfig } from '../../features/public-config';
import { LegalLinks } from '../compose/legal-links';
import { LoginPanel } from '../compose/login-panel';

export function LoginRoute() {
  const contactEmail = usePublicConfig().data?.contactEmail ?? null;
  return (
    <MarketingLayout legalLinks={<LegalLinks />} contactEmail={contactEmail}>
      <Container size={460} py={{ base: 40, sm: 80 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 36 }}>
          <Stack gap="lg">
            <Stack gap={6}>
              <Title order={1} fz={24} style={{ letterSpacing: '-0.02em' }}>
                Log in or create your account
              </Title>
              <Text size="sm" c="dimmed">
                We e-mail you a one-time code. No password needed.
              </Text>
            </Stack>
            <LoginPanel />
          </Stack>
        </Paper>
      </Container>
    </MarketingLayout>
  );
}
