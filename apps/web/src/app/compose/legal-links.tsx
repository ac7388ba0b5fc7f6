import { useState, type MouseEvent, type ReactNode } from 'react';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@prospector/core';
import { LazyBoundary, lazyNamed } from '../../components/lazy-load';
import { LEGAL_TITLES, type LegalKind } from './legal-kinds';

export type OpenLegal = (kind: LegalKind) => void;

// The texts and the modal (with its scroll area) load the first time a link is clicked.
const LegalModal = lazyNamed(() => import('./legal-modals'), 'LegalModal', { onDemand: true });

/** The last legal text asked for, shown as a modal; it stays mounted once opened so it can animate out. */
function useLegalModal(): { open: OpenLegal; modal: ReactNode } {
  const [kind, setKind] = useState<LegalKind | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (next: LegalKind) => {
    setKind(next);
    setOpened(true);
  };
  const modal = kind && (
    <LazyBoundary variant="overlay" fallback={null}>
      <LegalModal kind={kind} opened={opened} onClose={() => setOpened(false)} />
    </LazyBoundary>
  );
  return { open, modal };
}

type LegalLinkProps = { kind: LegalKind; size?: 'xs' | 'sm'; onOpen: OpenLegal };

function LegalLink({ kind, size = 'sm', onOpen }: LegalLinkProps) {
  function open(event: MouseEvent) {
    // A plain click opens the modal; the href keeps "open in new tab" working.
    event.preventDefault();
    onOpen(kind);
  }
  return (
    <Anchor
      component={Link}
      to={paths[kind]}
      onClick={open}
      onMouseEnter={() => void LegalModal.preload()}
      onFocus={() => void LegalModal.preload()}
      size={size}
      c="gray.7"
    >
      {LEGAL_TITLES[kind]}
    </Anchor>
  );
}

/** The two legal links as a column, for the marketing footer; each opens its text as a modal. */
export function LegalLinks() {
  const legal = useLegalModal();
  return (
    <>
      <LegalLink kind="privacy" onOpen={legal.open} />
      <LegalLink kind="terms" onOpen={legal.open} />
      {legal.modal}
    </>
  );
}

/** The login form's footer line; inside a modal the texts open on a stack above it (`onOpen`). */
export function LegalConsent({ onOpen }: { onOpen?: OpenLegal }) {
  const legal = useLegalModal();
  const openText = onOpen ?? legal.open;
  return (
    <>
      <Text size="xs" c="dimmed" ta="center" lh={1.6}>
        By continuing you agree to our <LegalLink kind="terms" size="xs" onOpen={openText} /> and{' '}
        <LegalLink kind="privacy" size="xs" onOpen={openText} />.
      </Text>
      {legal.modal}
    </>
  );
}
