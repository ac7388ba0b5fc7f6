import type { MouseEvent } from 'react';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LEGAL_TITLES, openLegalModal, type LegalKind } from './legal-modals';

export type OpenLegal = (kind: LegalKind) => void;

type LegalLinkProps = { kind: LegalKind; size?: 'xs' | 'sm'; onOpen?: OpenLegal };

function LegalLink({ kind, size = 'sm', onOpen = openLegalModal }: LegalLinkProps) {
  function open(event: MouseEvent) {
    // A plain click opens the modal; the href keeps "open in new tab" working.
    event.preventDefault();
    onOpen(kind);
  }
  return (
    <Anchor component={Link} to={`/${kind}`} onClick={open} size={size} c="gray.7">
      {LEGAL_TITLES[kind]}
    </Anchor>
  );
}

/** The two legal links as a column, for the marketing footer. */
export function LegalLinks() {
  return (
    <>
      <LegalLink kind="privacy" />
      <LegalLink kind="terms" />
    </>
  );
}

/** The login form's footer line; inside a modal the texts open on a stack above it. */
export function LegalConsent({ onOpen }: { onOpen?: OpenLegal }) {
  return (
    <Text size="xs" c="dimmed" ta="center" lh={1.6}>
      By continuing you agree to our <LegalLink kind="terms" size="xs" onOpen={onOpen} /> and{' '}
      <LegalLink kind="privacy" size="xs" onOpen={onOpen} />.
    </Text>
  );
}
