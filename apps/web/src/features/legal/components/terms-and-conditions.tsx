import { termsSections } from '../content/terms';
import { LegalDocument } from './legal-document';
import { contactOrFallback } from './contact-or-fallback';

export function TermsAndConditions({ contactEmail }: { contactEmail: string | null }) {
  return (
    <LegalDocument
      contactEmail={contactEmail}
      numbered
      intro="These Terms govern your use of Prospector. By creating an account or using the software, you agree to them on behalf of yourself and your team."
      sections={termsSections(contactOrFallback(contactEmail))}
    />
  );
}
