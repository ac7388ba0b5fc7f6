import { useQueryClient } from '@tanstack/react-query';
import { Center, Loader } from '@mantine/core';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { sessionLanding, type CurrentUser, paths } from '@prospector/core';
import { BrandLogo } from '../../components/brand-logo';
import { FullPageLoader } from '../../components/full-page-loader';
import { LazyBoundary, lazyNamed, usePreload } from '../../components/lazy-load';
import { authKeys, useMe } from '../../features/auth';
import { isMobileDevice } from '../../lib/device';
import { useSessionStore } from '../../lib/session-store';
import { useRealtimeConnection } from '../realtime/use-realtime-connection';
import { AppLayout } from '../shell/app-layout';
import { LogoutButton } from '../shell/logout-button';
import { MobileNotice } from '../shell/mobile-notice';
import { LoggedInRoutes } from './logged-in-routes';
import { ServerUnreachable } from './server-unreachable';

// A team is onboarded once: its members never need the onboarding's code again. Its device step is
// the devices feature's, fetched beside it (the shell imports that feature's banner and hooks).
const OnboardingFlow = lazyNamed(() => import('../../features/onboarding'), 'OnboardingFlow');
const ConnectDevice = lazyNamed(
  () => import('../../features/devices/components/connect-device'),
  'ConnectDevice',
);

const screenLoader = (
  <Center py={96}>
    <Loader aria-label="Loading" />
  </Center>
);

/** The onboarding; once the server onboards the team, the current user is replaced and the dashboard opens. */
function Onboarding({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const finished = (onboarded: CurrentUser) => {
    queryClient.setQueryData<{ user: CurrentUser }>(authKeys.me(), { user: onboarded });
    void navigate(paths.home, { replace: true });
  };
  usePreload(ConnectDevice, 'now');
  return (
    <OnboardingFlow
      user={user}
      brand={<BrandLogo />}
      logout={<LogoutButton variant="default" />}
      connectDevice={
        <LazyBoundary variant="screen" fallback={screenLoader}>
          <ConnectDevice />
        </LazyBoundary>
      }
      onFinished={finished}
    />
  );
}

function LoggedInApp({ user }: { user: CurrentUser }) {
  const { pathname } = useLocation();
  if (isMobileDevice()) return <MobileNotice />;
  const landing = sessionLanding(user, pathname);
  if (landing === 'onboarding') return <Onboarding user={user} />;
  // Staff reach their tools without a customer's onboarding (issue 30 item 9).
  if (landing === 'toAdmin') return <Navigate to={paths.admin.teams} replace />;
  // While a screen's chunk loads the shell stays and the screen's place shows a loader.
  return (
    <AppLayout user={user}>
      <LazyBoundary variant="screen" resetKey={pathname} fallback={screenLoader}>
        <LoggedInRoutes user={user} />
      </LazyBoundary>
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
