import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '@prospector/core';
import { BrandLogo } from '../../components/brand-logo';
import { FullPageLoader } from '../../components/full-page-loader';
import { authKeys, useMe } from '../../features/auth';
import { ConnectDevice } from '../../features/devices';
import { OnboardingFlow } from '../../features/onboarding';
import { isMobileDevice } from '../../lib/device';
import { useSessionStore } from '../../lib/session-store';
import { useRealtimeConnection } from '../realtime/use-realtime-connection';
import { AppLayout } from '../shell/app-layout';
import { LogoutButton } from '../shell/logout-button';
import { MobileNotice } from '../shell/mobile-notice';
import { LoggedInRoutes } from './logged-in-routes';
import { ServerUnreachable } from './server-unreachable';

/** The onboarding; once the server onboards the team, the current user is replaced and the dashboard opens. */
function Onboarding({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const finished = (onboarded: CurrentUser) => {
    queryClient.setQueryData<{ user: CurrentUser }>(authKeys.me(), { user: onboarded });
    void navigate('/', { replace: true });
  };
  return (
    <OnboardingFlow
      user={user}
      brand={<BrandLogo />}
      logout={<LogoutButton variant="default" />}
      connectDevice={<ConnectDevice />}
      onFinished={finished}
    />
  );
}

function LoggedInApp({ user }: { user: CurrentUser }) {
  if (isMobileDevice()) return <MobileNotice />;
  if (!user.team.onboarded) return <Onboarding user={user} />;
  return (
    <AppLayout user={user}>
      <LoggedInRoutes user={user} />
    </AppLayout>
  );
}

/** A token is stored: load its user, then show the phone notice, the onboarding or the workspace. */
export function SessionGate() {
  const token = useSessionStore((s) => s.token);
  const me = useMe();
  useRealtimeConnection(token);
  if (me.data) return <LoggedInApp user={me.data.user} />;
  if (me.isError) return <ServerUnreachable onRetry={() => void me.refetch()} retrying={me.isFetching} />;
  return <FullPageLoader label="Loading your workspace" />;
}
