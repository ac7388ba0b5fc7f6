import { Navigate, useLocation } from 'react-router';
import { paths, visibleSettingsEntries, type CurrentUser } from '@prospector/core';
import { BillingScreen } from '../../features/billing/components/billing-screen';

/**
 * /billing (spec part 2 §1 route table): the same screen as Settings > Billing, for the same people
 * (admins, §6); anyone else is sent to the dashboard, the query kept. Its own chunk: Stripe's code comes only later,
 * when a card is entered.
 */
export function BillingRoute({ user }: { user: CurrentUser }) {
  const { search } = useLocation();
  const allowed = visibleSettingsEntries(user).some((entry) => entry.to === paths.settings.billing);
  // The query stays: a record opened over the page (`?record=`) opens over the dashboard instead.
  return allowed ? (
    <BillingScreen timeZone={user.team.timezone} />
  ) : (
    <Navigate to={{ pathname: paths.home, search }} replace />
  );
}
