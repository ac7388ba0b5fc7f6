import { useEffect } from 'react';
import { Container, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { MarketingLayout } from '../../features/landing';
import { usePublicConfig } from '../../features/public-config';
import { LEGAL_TITLES, type LegalKind } from '../compose/legal-kinds';
import { LegalText } from '../compose/legal-text';
import { LegalLinks } from '../compose/legal-links';
import { paths } from '@prospector/core';

/** /privacy and /terms as pages, for links shared outside the app. */
export function LegalRoute({ kind }: { kind: LegalKind }) {
  const navigate = useNavigate();
  const contactEmail = usePublicConfig().data?.contactEmail ?? null;
  const title = LEGAL_TITLES[kind];
  useEffect(() => {
    document.title = `${title} · Prospector`;
  }, [title]);
  return (
    <MarketingLayout
      onLogin={() => void navigate(paths.login)}
      legalLinks={<LegalLinks />}
      contactEmail={contactEmail}
    >
      <Container size={760} py={{ base: 40, sm: 72 }}>
        <Stack gap="xl">
          <Title order={1} fz={{ base: 30, sm: 40 }} style={{ letterSpacing: '-0.02em' }}>
            {title}
          </Title>
          <LegalText kind={kind} />
        </Stack>
      </Container>
    </MarketingLayout>
  );
}
