import { PrivacyPolicy, TermsAndConditions } from '../../features/legal';
import { usePublicConfig } from '../../features/public-config';
import type { LegalKind } from './legal-kinds';

/** A legal text with the contact address from the server's configuration. */
export function LegalText({ kind }: { kind: LegalKind }) {
  const contactEmail = usePublicConfig().data?.contactEmail ?? null;
  return kind === 'privacy' ? (
    <PrivacyPolicy contactEmail={contactEmail} />
  ) : (
    <TermsAndConditions contactEmail={contactEmail} />
  );
}
