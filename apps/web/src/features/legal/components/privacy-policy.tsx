import { privacySections } from '../content/privacy';
import { LegalDocument } from './legal-document';
import { contactOrFallback } from './contact-or-fallback';

export function PrivacyPolicy({ contactEmail }: { contactEmail: string | null }) {
  return (
    <LegalDocument
      contactEmail={contactEmail}
      intro="This policy explains what information Prospector collects when you and your team use it, why we collect it, and the choices you have."
      sections={privacySections(contactOrFallback(contactEmail))}
    />
  );
}
