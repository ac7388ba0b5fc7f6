import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../lib/session-store';
import { ScrollToTop } from '../shell/scroll-to-top';
import { LoggedOutRoutes } from './logged-out-routes';
import { SessionGate } from './session-gate';

/** When the session ends (logout, 401, revoked), the visitor lands on /. */
function useHomeWhenSessionEnds(token: string | null) {
  const navigate = useNavigate();
  const previous = useRef(token);
  useEffect(() => {
    if (previous.current !== null && token === null) void navigate('/', { replace: true });
    previous.current = token;
  }, [token, navigate]);
}

export function AppRoutes() {
  const token = useSessionStore((s) => s.token);
  useHomeWhenSessionEnds(token);
  return (
    <>
      <ScrollToTop />
      {token ? <SessionGate /> : <LoggedOutRoutes />}
    </>
  );
}
