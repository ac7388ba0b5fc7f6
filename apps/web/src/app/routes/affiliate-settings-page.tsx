import { useQueryClient } from '@tanstack/react-query';
import { AffiliateScreen } from '../../features/affiliates';
import { billingKeys } from '../../features/billing';

/**
 * Settings > Affiliate. Earnings loaded into credits change the team's credits, which the billing
 * feature shows (the top bar, Settings > Billing): its cache is refreshed here, where both meet.
 */
export function AffiliateSettingsPage({ timeZone }: { timeZone: string | null }) {
  const queryClient = useQueryClient();
  return (
    <AffiliateScreen
      timeZone={timeZone}
      onCreditsLoaded={() => void queryClient.invalidateQueries({ queryKey: billingKeys.all })}
    />
  );
}
