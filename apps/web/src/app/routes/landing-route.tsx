import { useDisclosure } from '@mantine/hooks';
import { LandingPage } from '../../features/landing';
import { usePublicConfig } from '../../features/public-config';
import { LegalLinks } from '../compose/legal-links';
import { LoginModal } from '../compose/login-modal';

export function LandingRoute() {
  const [loginOpened, login] = useDisclosure(false);
  const config = usePublicConfig().data;
  const contactEmail = config?.contactEmail ?? null;
  const bookDemoHref =
    config?.bookDemoUrl ?? (contactEmail ? `mailto:${contactEmail}?subject=Prospector%20demo` : undefined);
  return (
    <>
      {/* While the login dialog is open the page behind it leaves the accessibility tree. */}
      <div aria-hidden={loginOpened || undefined}>
        <LandingPage
          bookDemoHref={bookDemoHref}
          contactEmail={contactEmail}
          onOpenLogin={login.open}
          legalLinks={<LegalLinks />}
        />
      </div>
      <LoginModal opened={loginOpened} onClose={login.close} />
    </>
  );
}
