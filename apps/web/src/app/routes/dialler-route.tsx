import { can, type CurrentUser } from '@prospector/core';
import { DiallerScreen } from '../../features/dialler';

/** /dialler: the + to the campaign builder for admins or the campaigns permission (spec part 1 §2.7). */
export function DiallerRoute({ user }: { user: CurrentUser }) {
  return <DiallerScreen canCreateCampaign={can(user, 'campaigns')} canBuyNumbers={can(user, 'phones')} />;
}
