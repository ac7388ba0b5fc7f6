import { useState } from 'react';
import { LazyBoundary, lazyNamed, usePreload } from '../../components/lazy-load';
import { LandingPage } from '../../features/landing';
import { usePublicConfig } from '../../features/public-config';
import { LegalLinks } from '../compose/legal-links';

// The login dialog (form, validation, modal) is not needed to show the landing: it is fetched once
// the page is idle, so it is there by the time a visitor clicks.
const LoginModal = lazyNamed(() => import('../compose/login-modal'), 'LoginModal', { onDemand: true });

export function LandingRoute() {
  const [loginOpened, setLoginOpened] = useState(false);
  const [loginMounted, setLoginMounted] = useState(false);
  const config = usePublicConfig().data;
  usePreload(LoginModal, 'idle');
  const contactEmail = config?.contactEmail ?? null;
  const bookDemoHref =
    config?.bookDemoUrl ?? (contactEmail ? `mailto:${contactEmail}?subject=Prospector%20demo` : undefined);
  const openLogin = () => {
    setLoginMounted(true);
    setLoginOpened(true);
  };
  return (
    <>
      {/* While the login dialog is open the page behind it leaves the accessibility tree. */}
      <div aria-hidden={loginOpened || undefined}>
        <LandingPage
          bookDemoHref={bookDemoHref}
          contactEmail={contactEmail}
          onOpenLogin={openLogin}
          legalLinks={<LegalLinks />}
        />
      </div>
      {loginMounted && (
        <LazyBoundary variant="overlay" fallback={null}>
          <LoginModal opened={loginOpened} onClose={() => setLoginOpened(false)} />
        </LazyBoundary>
      )}
    </>
  );
}
