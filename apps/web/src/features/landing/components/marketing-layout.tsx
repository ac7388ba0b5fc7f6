import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { MarketingFooter } from './marketing-footer';
import { MarketingHeader } from './marketing-header';

type MarketingLayoutProps = {
  children: ReactNode;
  /** Shows a 'Log in' button in the header; left out on the login page itself. */
  onLogin?: () => void;
  legalLinks: ReactNode;
  contactEmail: string | null;
  showSectionLinks?: boolean;
};

/** Header, page and footer shared by the logged-out pages. */
export function MarketingLayout({
  children,
  onLogin,
  legalLinks,
  contactEmail,
  showSectionLinks,
}: MarketingLayoutProps) {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <MarketingHeader onLogin={onLogin} showSectionLinks={showSectionLinks} />
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      <MarketingFooter legalLinks={legalLinks} contactEmail={contactEmail} />
    </Box>
  );
}
