import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { affiliateIdFromHash } from '@prospector/core';
import { LANDING_SECTION_IDS } from '../../features/landing';
import { storeAffiliateId } from '../../lib/affiliate-id';

/** A hash in a logged-out URL is the affiliate id the visitor came with (spec part 1 §2.1). */
export function AffiliateCapture() {
  const { hash } = useLocation();
  useEffect(() => {
    const affId = affiliateIdFromHash(hash);
    // The landing page's own section names are anchors, never affiliate ids.
    if (affId && !LANDING_SECTION_IDS.includes(affId)) storeAffiliateId(affId);
  }, [hash]);
  return <Outlet />;
}
