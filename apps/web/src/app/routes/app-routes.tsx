import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { LazyBoundary, lazyNamed } from '../../components/lazy-load';
import { useSessionStore } from '../../lib/session-store';
import { ScrollToTop } from '../shell/scroll-to-top';
import { LoggedOutRoutes } from './logged-out-routes';
import { paths } from '@prospector/core';

// The workspace (shell, realtime, every screen) is fetched only once a session exists.
const SessionGate = lazyNamed(() => import('./session-gate'), 'SessionGate');

/** When the session ends (logout, 401, revoked), the visitor lands on /. */
function useHomeWhenSessionEnds(token: string | null) {
  const navigate = useNavigate();
  const previous = useRef(token);
  useEffect(() => {
    if (previous.current !== null && token === null) void navigate(paths.home, { replace: true });
    previous.current = token;
  }, [token, navigate]);
}

export function AppRoutes() {
  const token = useSessionStore((s) => s.token);
  const { pathname } = useLocation();
  useHomeWhenSessionEnds(token);
  return (
    <>
      <ScrollToTop />
      <LazyBoundary variant="page" resetKey={pathname} fallback={<FullPageLoader />}>
        {token ? <SessionGate /> : <LoggedOutRoutes />}
      </LazyBoundary>
    </>
  );
}
