import { useNavigate } from 'react-router';
import { TeamsPage } from '../../features/admin';
import { useSwitchToUser } from '../../features/auth';
import { paths } from '@prospector/core';

/**
 * /admin/teams: the panel, and 'Switch into team' opens the team's admin account (the staff token is
 * kept for 'Switch back', spec part 2 §4; the server audits it).
 */
export function AdminTeamsRoute() {
  const navigate = useNavigate();
  const switchToUser = useSwitchToUser(() => void navigate(paths.home));
  return <TeamsPage onSwitchInto={(teamId) => switchToUser.mutate({ teamId })} />;
}
