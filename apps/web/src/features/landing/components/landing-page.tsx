import type { ReactNode } from 'react';
import { CtaSection } from './cta-section';
import { HeroSection } from './hero-section';
import { HighlightsSection } from './highlights-section';
import { HowItWorksSection } from './how-it-works-section';
import { MarketingLayout } from './marketing-layout';

type LandingPageProps = {
  bookDemoHref: string | undefined;
  contactEmail: string | null;
  /** Opens the login modal ('Try now', 'Log in', 'Get started'). */
  onOpenLogin: () => void;
  legalLinks: ReactNode;
};

export function LandingPage({ bookDemoHref, contactEmail, onOpenLogin, legalLinks }: LandingPageProps) {
  return (
    <MarketingLayout
      onLogin={onOpenLogin}
      legalLinks={legalLinks}
      contactEmail={contactEmail}
      showSectionLinks
    >
      <HeroSection bookDemoHref={bookDemoHref} onTryNow={onOpenLogin} />
      <HighlightsSection />
      <HowItWorksSection />
      <CtaSection
        onGetStarted={onOpenLogin}
        contactHref={contactEmail ? `mailto:${contactEmail}` : undefined}
      />
    </MarketingLayout>
  );
}
