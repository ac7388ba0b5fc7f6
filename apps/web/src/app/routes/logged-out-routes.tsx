import { Navigate, Route, Routes } from 'react-router';
import { AffiliateCapture } from './affiliate-capture';
import { LandingRoute } from './landing-route';
import { LegalRoute } from './legal-route';
import { LoginRoute } from './login-route';

/** Logged out: /, /login, /privacy, /terms; any other path goes to / (spec part 2 §2). */
export function LoggedOutRoutes() {
  return (
    <Routes>
      <Route element={<AffiliateCapture />}>
        <Route index element={<LandingRoute />} />
        <Route path="login" element={<LoginRoute />} />
        <Route path="privacy" element={<LegalRoute kind="privacy" />} />
        <Route path="terms" element={<LegalRoute kind="terms" />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
