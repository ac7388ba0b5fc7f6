import { Navigate, Route, Routes } from 'react-router';
import { lazyNamed } from '../../components/lazy-load';
import { AffiliateCapture } from './affiliate-capture';
import { paths } from '@prospector/core';

// Each page is its own chunk: the landing does not carry the login page's code, nor the reverse.
const LandingRoute = lazyNamed(() => import('./landing-route'), 'LandingRoute');
const LoginRoute = lazyNamed(() => import('./login-route'), 'LoginRoute');
const LegalRoute = lazyNamed(() => import('./legal-route'), 'LegalRoute');

/** Logged out: /, /login, /privacy, /terms; any other path goes to / (spec part 2 §2). */
export function LoggedOutRoutes() {
  return (
    <Routes>
      <Route element={<AffiliateCapture />}>
        <Route index element={<LandingRoute />} />
        <Route path={paths.login} element={<LoginRoute />} />
        <Route path={paths.privacy} element={<LegalRoute kind="privacy" />} />
        <Route path={paths.terms} element={<LegalRoute kind="terms" />} />
        <Route path="*" element={<Navigate to={paths.home} replace />} />
      </Route>
    </Routes>
  );
}
