import { useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { useNavigate } from 'react-router';
import { fetchBecomeAffiliateUrl } from '../api/become-affiliate';
import { paths } from '@prospector/core';

const leaveFor = (url: string) => window.location.assign(url);

/**
 * /settings/become-affiliate (spec part 2 §1: a spinner only): asks for the payment provider's
 * onboarding page and goes there. A refusal is shown as a toast and leads back to Settings > Affiliate.
 */
export function BecomeAffiliatePage({ redirect = leaveFor }: { redirect?: (url: string) => void }) {
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    fetchBecomeAffiliateUrl().then(
      (url) => live && redirect(url),
      () => live && void navigate(paths.settings.affiliate, { replace: true }),
    );
    return () => {
      live = false;
    };
  }, [navigate, redirect]);
  return (
    <Center py={96}>
      <Loader aria-label="Loading" />
    </Center>
  );
}
