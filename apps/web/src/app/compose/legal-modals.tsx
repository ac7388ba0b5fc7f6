import { ScrollArea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { PRIVACY_TITLE, PrivacyPolicy, TERMS_TITLE, TermsAndConditions } from '../../features/legal';
import { usePublicConfig } from '../../features/public-config';

export type LegalKind = 'privacy' | 'terms';

export const LEGAL_TITLES: Record<LegalKind, string> = { privacy: PRIVACY_TITLE, terms: TERMS_TITLE };

/** How a legal text is framed as a modal, wherever it is opened from. */
export const LEGAL_MODAL_PROPS = {
  size: 'xl',
  padding: 'xl',
  scrollAreaComponent: ScrollArea.Autosize,
  styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } },
} as const;

/** A legal text with the contact address from the server's configuration. */
export function LegalText({ kind }: { kind: LegalKind }) {
  const contactEmail = usePublicConfig().data?.contactEmail ?? null;
  return kind === 'privacy' ? (
    <PrivacyPolicy contactEmail={contactEmail} />
  ) : (
    <TermsAndConditions contactEmail={contactEmail} />
  );
}

/** Privacy Policy and Terms open as modals from every footer (spec part 1 §2.1); Escape closes them. */
export function openLegalModal(kind: LegalKind): void {
  modals.open({ ...LEGAL_MODAL_PROPS, title: LEGAL_TITLES[kind], children: <LegalText kind={kind} /> });
}
