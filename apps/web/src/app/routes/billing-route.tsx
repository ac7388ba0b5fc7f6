import { Navigate } from 'react-router';
import { visibleSettingsEntries, type CurrentUser } from '@prospector/core';
import { BillingScreen } from '../../features/billing/components/billing-screen';

/**
 * /billing (spec part 2 §1 route table): the same screen as Settings > Billing, for the same people
 * (admins, §6); anyone else is sent to the dashboard. Its own chunk: Stripe's code comes only later,
 * when a card is entered.
 */
export function BillingRoute({ user }: { user: CurrentUser }) {
  const allowed = visibleSettingsEntries(user).some((entry) => entry.to === '/settings/billing');
  return allowed ? <BillingScreen timeZone={user.team.timezone} /> : <Navigate to="/" replace />;
}
